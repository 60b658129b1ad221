#include "cli/play_terminal.h"

#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ai/external.h"

namespace whist::cli {

namespace {

volatile std::sig_atomic_t g_interrupted = 0;

// An engine thinking is stopped at once, so that the game is saved now rather than when the
// engine's time runs out (regression: Ctrl-C waited for the engine's timeout, then failed).
void on_signal(int) {
  g_interrupted = 1;
  kill_engines_now();
}

// What read() returned but no line has used yet. As global as standard input itself, which it
// buffers: one per process, read by the play loop's thread alone.
std::string& pending() {
  static std::string buffer;
  return buffer;
}

}  // namespace

void catch_interrupts() {
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &sa, nullptr);
}

bool interrupted() { return g_interrupted != 0; }

ReadResult read_line(std::string& line) {
  std::string& buf = pending();
  for (;;) {
    if (const size_t nl = buf.find('\n'); nl != std::string::npos) {
      line = buf.substr(0, nl);
      buf.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return ReadResult::Line;
    }
    if (g_interrupted) return ReadResult::Interrupted;
    char chunk[512];
    const ssize_t got = ::read(STDIN_FILENO, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;  // the flag is looked at above
    if (got <= 0) {
      if (buf.empty()) return ReadResult::End;
      line = buf;  // a last line without its newline
      buf.clear();
      return ReadResult::Line;
    }
    buf.append(chunk, static_cast<size_t>(got));
  }
}

void discard_typeahead() {
  if (!stdin_is_terminal()) return;
  pending().clear();
  tcflush(STDIN_FILENO, TCIFLUSH);
}

bool stdout_is_terminal() { return isatty(STDOUT_FILENO) == 1; }

bool stdin_is_terminal() { return isatty(STDIN_FILENO) == 1; }

bool terminal_clears_scrollback() {
  const char* term = std::getenv("TERM");
  return term != nullptr && *term != '\0' && std::string_view(term) != "dumb";
}

std::string clear_screen_text() {
  if (terminal_clears_scrollback()) return "\033[2J\033[3J\033[H";  // ESC[3J: the scrollback too
  winsize size{};
  const int rows =
      ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_row > 0 ? size.ws_row : 60;
  return std::string(static_cast<size_t>(rows) + 10, '\n');
}

bool locale_is_utf8() {
  for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
    const char* value = std::getenv(name);
    if (value == nullptr || *value == '\0') continue;
    std::string v;
    for (const char* p = value; *p; ++p) {
      v += static_cast<char>(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    }
    return v.find("utf-8") != std::string::npos || v.find("utf8") != std::string::npos;
  }
  return false;
}

bool colour_wanted() {
  const char* no_colour = std::getenv("NO_COLOR");
  if (no_colour != nullptr && *no_colour != '\0') return false;
  const char* term = std::getenv("TERM");
  return term == nullptr || std::string_view(term) != "dumb";
}

}  // namespace whist::cli
