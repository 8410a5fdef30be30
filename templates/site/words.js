// The site's scripts' one way to put values into a translated message (play.js, index.js).

// A message with its {named} fields filled in (the order of the words is the translation's).
export function fill(message, fields) {
  return message.replace(/\{(\w+)\}/g, (all, name) => (name in fields ? String(fields[name]) : all));
}
