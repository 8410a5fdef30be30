// A new table code for the table page (table.js) and the levels page (play.js): each sign drawn
// from the browser's cryptographic generator, without bias, from the alphabet the page's data gives
// (generator/browser/table.py's ALPHABET, which also checks every code at the door).

export function newCode(alphabet, length) {
  const limit = Math.floor(2 ** 32 / alphabet.length) * alphabet.length;
  let code = "";
  while (code.length < length) {
    const [value] = crypto.getRandomValues(new Uint32Array(1));
    if (value < limit) code += alphabet[value % alphabet.length];
  }
  return code;
}
