// Drives the real `whist play` program from a test, through a pseudo-terminal (forkpty) or
// through pipes, and an automatic player that answers every prompt from what the screen shows.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <regex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace whist::play_testing {

class Whist {
 public:
  struct Options {
    bool pty = false;
    std::vector<std::pair<std::string, std::string>> env;  // set in the child
  };

  Whist(const std::vector<std::string>& args, const Options& options) {
    std::vector<std::string> argv = {WHIST_BINARY};
    argv.insert(argv.end(), args.begin(), args.end());
    int to_child[2] = {-1, -1}, from_child[2] = {-1, -1};
    if (options.pty) {
      int master = -1;
      pid_ = forkpty(&master, nullptr, nullptr, nullptr);
      in_ = out_ = master;
    } else {
      if (pipe(to_child) != 0 || pipe(from_child) != 0) std::abort();
      pid_ = fork();
    }
    if (pid_ == 0) {
      if (!options.pty) {
        dup2(to_child[0], STDIN_FILENO);
        dup2(from_child[1], STDOUT_FILENO);
        dup2(from_child[1], STDERR_FILENO);
        for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) close(fd);
      }
      // A known environment: no colour switch, no locale but what the test sets.
      for (const char* name : {"NO_COLOR", "LC_ALL", "LC_CTYPE", "LANG"}) unsetenv(name);
      setenv("TERM", "xterm", 1);
      for (const auto& [name, value] : options.env) setenv(name.c_str(), value.c_str(), 1);
      std::vector<char*> cargv;
      for (auto& a : argv) cargv.push_back(a.data());
      cargv.push_back(nullptr);
      execv(cargv[0], cargv.data());
      _exit(127);
    }
    if (!options.pty) {
      close(to_child[0]);
      close(from_child[1]);
      in_ = to_child[1];
      out_ = from_child[0];
    }
  }

  ~Whist() {
    if (pid_ > 0 && !waited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (in_ >= 0) close(in_);
    if (out_ >= 0 && out_ != in_) close(out_);
  }
  Whist(const Whist&) = delete;
  Whist& operator=(const Whist&) = delete;

  // The output up to the next prompt (a last line "> " or "NAME> ", or "press Enter."), or up
  // to the end of the output; empty once the output has ended.
  std::string next_screen() {
    for (;;) {
      if (at_prompt()) {
        std::string out;
        out.swap(pending_);
        return out;
      }
      if (ended_) {
        std::string out;
        out.swap(pending_);
        return out;
      }
      read_more();
    }
  }

  void send(std::string_view text) {
    const std::string s(text);
    if (write(in_, s.data(), s.size()) != static_cast<ssize_t>(s.size())) {
      ADD_FAILURE() << "cannot write to whist play";
    }
  }
  void line(std::string_view text) { send(std::string(text) + "\n"); }
  // The end of the input (pipes only: a pty's master is also the output).
  void close_input() {
    if (in_ != out_) {
      close(in_);
      in_ = -1;
    }
  }

  // Reads until the output holds `text` (or has ended): what a test waits on before it types
  // what a later prompt takes, or a Ctrl-C the program must have its handler for.
  void wait_for(std::string_view text) {
    while (!ended_ && all_.find(text) == std::string::npos) read_more();
  }

  // Reads what is left and returns the exit status (a program that stopped answering is killed
  // first, so that the test fails rather than hangs).
  int finish() {
    while (!ended_) read_more();
    if (stalled_) kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
    waited_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

  bool ended() const { return ended_ && pending_.empty(); }
  const std::string& transcript() const { return all_; }

 private:
  bool at_prompt() const {
    if (pending_.ends_with("press Enter.")) return true;
    const size_t nl = pending_.rfind('\n');
    const std::string_view last =
        std::string_view(pending_).substr(nl == std::string::npos ? 0 : nl + 1);
    if (!last.ends_with("> ")) return false;
    // A name may hold spaces and letters of any script ("Ana Lee", "李小龙").
    for (char c : last.substr(0, last.size() - 2)) {
      const auto b = static_cast<unsigned char>(c);
      if (!std::isalnum(b) && b != ' ' && b < 0x80) return false;
    }
    return true;
  }

  void read_more() {
    pollfd p{out_, POLLIN, 0};
    // A watchdog, not a timing: a program that stops answering fails the test instead of
    // hanging it.
    if (poll(&p, 1, 60000) <= 0) {
      ADD_FAILURE() << "whist play did not answer; output so far:\n" << all_;
      ended_ = true;
      stalled_ = true;
      return;
    }
    char buf[4096];
    const ssize_t got = read(out_, buf, sizeof buf);
    if (got <= 0) {  // a pty gives EIO once the child has gone
      ended_ = true;
      return;
    }
    for (ssize_t i = 0; i < got; ++i) {
      if (buf[i] == '\r') continue;  // the pty writes \r\n
      pending_ += buf[i];
      all_ += buf[i];
    }
  }

  pid_t pid_ = -1;
  int in_ = -1;
  int out_ = -1;
  bool ended_ = false;
  bool stalled_ = false;  // ended by the watchdog, the program still running
  bool waited_ = false;
  std::string pending_;
  std::string all_;
};

// What the automatic player answers to a screen: the first legal card or bid shown, a pass in an
// auction (or with `bold` the lowest bid or contract), the first choice of a numbered list; after
// a refusal it tries the next numbers. `tries` counts the refusals of the current question.
inline std::string auto_reply(const std::string& screen, int& tries, bool bold) {
  if (screen.ends_with("press Enter.")) return "";
  static const std::regex kChoice(
      R"(^(Play a card|Play any card|Play your card|Your bid|Call: |Choose|Discard|The kitty|Kitty card turned|Call a card).*$)",
      std::regex::multiline);
  std::string choice;
  for (auto it = std::sregex_iterator(screen.begin(), screen.end(), kChoice);
       it != std::sregex_iterator(); ++it) {
    choice = it->str();
  }
  if (choice.empty()) {
    // Refused: try the next number, from 1 again past the last one.
    if (screen.find("there is no") != std::string::npos) tries = 0;
    return std::to_string(++tries);
  }
  tries = 1;
  std::smatch m;
  if (choice.starts_with("Play")) {
    return std::regex_search(choice, m, std::regex(R"((\d+):)")) ? m[1].str() : "1";
  }
  if (choice.starts_with("Your bid")) {
    std::regex_search(choice, m, std::regex(R"(Your bid: (\d+))"));
    return m[1].str();
  }
  if (choice.starts_with("Call: ")) {
    if (bold && std::regex_search(choice, m, std::regex(R"(contract: ([^,]+))"))) return m[1];
    if (bold && std::regex_search(choice, m, std::regex(R"(bid from (\S+))"))) return m[1];
    return "pass";
  }
  return "1";
}

struct Played {
  int status = -1;
  int prompts = 0;
};

// Answers every prompt with auto_reply; after `stop_after` prompts sends `stop` (raw bytes:
// "quit\n", or Ctrl-C "\x03" on a pty) instead and lets the program end.
inline Played play_through(Whist& w, bool bold = false, int stop_after = -1,
                           const std::string& stop = "quit\n") {
  Played out;
  int tries = 0;
  for (;;) {
    const std::string screen = w.next_screen();
    if (w.ended()) break;
    if (out.prompts++ == stop_after) {
      w.send(stop);
      continue;
    }
    if (out.prompts > 20000) {
      ADD_FAILURE() << "the game does not end";
      break;
    }
    w.line(auto_reply(screen, tries, bold));
  }
  out.status = w.finish();
  return out;
}

}  // namespace whist::play_testing
