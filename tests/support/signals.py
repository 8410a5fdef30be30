"""Child processes that hear Ctrl-C whatever started the suite."""

import signal


def default_sigint() -> None:
    """A `preexec_fn`: SIGINT back at its default in the child, so that Python installs its
    KeyboardInterrupt handler there. A suite started in the background (`pytest … &`) has SIGINT
    ignored by the shell, every child inherits that, and Python then installs no handler: a test
    that interrupts its child would see the child finish instead."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
