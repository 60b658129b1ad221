// Runs the real `whist` program on a pseudo-terminal, as a person at a keyboard would: the
// program's standard input, output and error are the terminal, the input is typed into it and
// everything the program writes is collected until it exits. Echo and the "\n" -> "\r\n" output
// translation are turned off, so the transcript is exactly what the program printed.
#pragma once

#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace whist::test_pty {

struct Transcript {
  std::string output;
  int status = -1;    // the exit status, or -1 when the program did not exit normally
  bool hung = false;  // the program neither read nor wrote for a long while and was killed
};

inline constexpr char kEndOfInput[] = "\x04";  // Ctrl-D at the start of a line

// Runs `whist ARGS...` with `input` typed in (it may end with kEndOfInput), with the
// environment variables `env` set, until the program exits.
inline Transcript run_on_pty(const std::string& binary, const std::vector<std::string>& args,
                             const std::string& input,
                             const std::vector<std::pair<std::string, std::string>>& env = {}) {
  termios tio{};
  cfmakeraw(&tio);
  tio.c_lflag = ICANON | ISIG | IEXTEN;  // line editing and ^D as end of input, no echo
  tio.c_iflag = ICRNL;
  tio.c_oflag = 0;  // no "\r\n" translation
  tio.c_cflag = CS8 | CREAD;
  tio.c_cc[VEOF] = 4;
  tio.c_cc[VINTR] = 3;
  tio.c_cc[VMIN] = 1;
  tio.c_cc[VTIME] = 0;
  winsize ws{};
  ws.ws_row = 50;
  ws.ws_col = 120;
  int master = -1;
  const pid_t pid = forkpty(&master, nullptr, &tio, &ws);
  Transcript t;
  if (pid < 0) return t;
  if (pid == 0) {
    for (const auto& [name, value] : env) setenv(name.c_str(), value.c_str(), 1);
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(binary.c_str()));
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  // Type while reading, so that neither side waits for the other with a full buffer. The
  // terminal's line buffer is small, so the input goes in pieces as the program reads it.
  size_t typed = 0;
  char buf[4096];
  for (;;) {
    pollfd p{master, static_cast<short>(POLLIN | (typed < input.size() ? POLLOUT : 0)), 0};
    // A safety net, not a measurement: a program waiting for input that will never come.
    const int ready = poll(&p, 1, 30000);
    if (ready == 0) {
      t.hung = true;
      kill(pid, SIGKILL);
      break;
    }
    if (ready < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (p.revents & POLLIN) {
      const ssize_t n = read(master, buf, sizeof buf);
      if (n > 0) {
        t.output.append(buf, static_cast<size_t>(n));
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      break;  // EIO: the program closed the terminal
    }
    if ((p.revents & POLLOUT) && typed < input.size()) {
      // One line at a time: the terminal holds at most one partial line of 4095 characters.
      size_t end = input.find('\n', typed);
      end = end == std::string::npos ? input.size() : end + 1;
      const ssize_t n = write(master, input.data() + typed, end - typed);
      if (n > 0) typed += static_cast<size_t>(n);
      continue;
    }
    if (p.revents & (POLLHUP | POLLERR)) break;
  }
  close(master);
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFEXITED(status)) t.status = WEXITSTATUS(status);
  return t;
}

}  // namespace whist::test_pty
