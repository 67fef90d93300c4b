"""Runs a program in a pty of its own inside a real terminal and relays between the two,
so a test can watch and drive it: everything the program writes is also appended to
CONTROL/log, bytes written to the FIFO CONTROL/keys are typed into it, its pid is in
CONTROL/pid. The window size (pixels included) follows the terminal's.

Usage: relay.py CONTROL -- PROGRAM ARGS...
"""
import errno
import fcntl
import os
import select
import signal
import sys
import termios
import time
import tty


def wait_for_terminal(timeout=60):
    """Asks for DA1 and waits for the answer: a terminal still starting (kitty under Xvfb
    takes seconds) answers late, and artfeed's own probe would take the late answers for
    keys."""
    saved = termios.tcgetattr(0)
    tty.setraw(0)
    try:
        os.write(1, b"\x1b[c")
        reply, deadline = b"", time.time() + timeout
        while time.time() < deadline and not (b"\x1b[?" in reply and reply.endswith(b"c")):
            if select.select([0], [], [], 0.5)[0]:
                reply += os.read(0, 1024)
    finally:
        termios.tcsetattr(0, termios.TCSANOW, saved)


def main():
    control = sys.argv[1]
    argv = sys.argv[sys.argv.index("--") + 1 :]
    wait_for_terminal()
    size = fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8)
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, size)
    pid = os.fork()
    if pid == 0:
        os.setsid()
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        os.closerange(3, 256)
        os.execvp(argv[0], argv)
    os.close(slave)

    def follow_size(*_):
        size = fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8)
        fcntl.ioctl(master, termios.TIOCSWINSZ, size)
        with open(os.path.join(control, "size.tmp"), "wb") as f:
            f.write(size)
        os.replace(os.path.join(control, "size.tmp"), os.path.join(control, "size"))

    follow_size()
    signal.signal(signal.SIGWINCH, follow_size)
    with open(os.path.join(control, "pid.tmp"), "w") as f:
        f.write(str(pid))
    os.replace(os.path.join(control, "pid.tmp"), os.path.join(control, "pid"))
    tty.setraw(0)
    keys = os.open(os.path.join(control, "keys"), os.O_RDWR | os.O_NONBLOCK)
    log = os.open(os.path.join(control, "log"), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    while True:
        try:
            ready = select.select([0, master, keys], [], [], 1)[0]
        except InterruptedError:
            continue
        if master in ready:
            try:
                data = os.read(master, 1 << 16)
            except OSError as error:
                if error.errno == errno.EINTR:
                    continue
                break
            if not data:
                break
            os.write(log, data)
            view = memoryview(data)
            while view:
                try:
                    view = view[os.write(1, view) :]
                except InterruptedError:
                    continue
        if 0 in ready:
            data = os.read(0, 1 << 16)
            if data:
                os.write(master, data)
        if keys in ready:
            data = os.read(keys, 1 << 16)
            if data:
                os.write(master, data)
    os.waitpid(pid, 0)


if __name__ == "__main__":
    main()
