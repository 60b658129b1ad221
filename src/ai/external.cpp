#include "ai/external.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "core/rng.h"
#include "core/text.h"
#include "game/view_json.h"
#include "rules/options.h"

namespace whist {

namespace {

using Clock = std::chrono::steady_clock;

constexpr size_t kMaxLine = size_t{1} << 20;  // a view is a few KB; more is a runaway engine
constexpr int kQuitGraceMs = 1000;            // for an engine to exit after `quit`
constexpr int kExitStatusWaitMs = 500;        // for an engine that closed its output to exit
// How often a wait for an answer checks that the engine is still running: one that exits while a
// process it started holds its output open sends no end of file.
constexpr int kExitCheckMs = 50;
// Some runtimes start their output with a UTF-8 byte order mark; it is not part of the handshake.
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

// What an engine sent is quoted up to this many bytes in an error message.
constexpr size_t kShown = 200;

// The process groups of the engines running, for kill_engines_now() in a signal handler, which
// may neither lock nor allocate: a fixed table of atomics (0: a free slot). Global because a
// signal is: it comes to the process, not to an engine.
constexpr size_t kTrackedGroups = 4096;
std::array<std::atomic<pid_t>, kTrackedGroups> g_engine_groups{};

void track_group(pid_t group) {
  for (auto& slot : g_engine_groups) {
    pid_t none = 0;
    if (slot.compare_exchange_strong(none, group)) return;
  }
}

void untrack_group(pid_t group) {
  for (auto& slot : g_engine_groups) {
    pid_t expected = group;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

// An engine is tracked only once fork() has returned, so a kill_engines_now() in that moment
// would miss it. A start counts itself in g_spawning with every signal blocked in its thread (so
// no handler runs there meanwhile), and kill_engines_now() waits for the count to fall to zero,
// after g_stopping has turned away any start to come.
std::atomic<int> g_spawning{0};
std::atomic<bool> g_stopping{false};
// The wait is bounded: a handler that interrupted malloc in this thread holds a lock that
// fork() takes in another, which would wait for it forever.
constexpr long kSpawnWaitNs = 200'000'000;

class SpawnWindow {
 public:
  SpawnWindow() {
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old_);
    g_spawning.fetch_add(1);
  }
  ~SpawnWindow() {
    g_spawning.fetch_sub(1);
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);  // a signal that came meanwhile is handled now
  }
  SpawnWindow(const SpawnWindow&) = delete;
  SpawnWindow& operator=(const SpawnWindow&) = delete;

 private:
  sigset_t old_{};
};

int ms_left(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return left.count() > 0 ? static_cast<int>(left.count()) : 0;
}

// Blocks SIGPIPE in this thread while it lives, so that writing to an engine that has gone away
// fails with EPIPE instead of killing the program, without touching the process-wide
// disposition. A SIGPIPE raised meanwhile is consumed before the mask is restored. (Writes to a
// pipe raise SIGPIPE in the writing thread.)
class SigpipeBlock {
 public:
  SigpipeBlock() {
    sigemptyset(&pipe_);
    sigaddset(&pipe_, SIGPIPE);
    sigset_t pending;
    sigpending(&pending);
    was_pending_ = sigismember(&pending, SIGPIPE) == 1;
    pthread_sigmask(SIG_BLOCK, &pipe_, &old_);
  }
  ~SigpipeBlock() {
    if (!was_pending_) {
      sigset_t pending;
      sigpending(&pending);
      if (sigismember(&pending, SIGPIPE) == 1) {
        const timespec zero{};
        sigtimedwait(&pipe_, nullptr, &zero);
      }
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }
  SigpipeBlock(const SigpipeBlock&) = delete;
  SigpipeBlock& operator=(const SigpipeBlock&) = delete;

 private:
  sigset_t pipe_{}, old_{};
  bool was_pending_ = false;
};

// `command` for /bin/sh -c, with `exec` before it when it is one simple command, so that the
// engine is the shell's own process rather than its child. Otherwise the shell (dash does not
// exec a last command itself) holds the engine's stdout open, and an engine that closes it is
// noticed only at its timeout; and it reports a crash as "status 139" rather than the signal.
// Lists, pipelines, subshells, reserved words, built-ins and leading assignments are left to the
// shell.
std::string exec_form(const std::string& command) {
  char quote = 0;
  for (size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (quote != 0) {
      if (c == quote)
        quote = 0;
      else if (c == '\\' && quote == '"')
        ++i;
      continue;
    }
    if (c == '\\')
      ++i;
    else if (c == '\'' || c == '"')
      quote = c;
    else if (std::strchr(";&|()\n", c) != nullptr)
      return command;
  }
  const size_t start = command.find_first_not_of(" \t");
  if (start == std::string::npos) return command;
  const size_t end = command.find_first_of(" \t", start);
  const std::string first = command.substr(start, end == std::string::npos ? end : end - start);
  // The shell's reserved words, and its built-in commands that are no program exec could run.
  static constexpr std::array<std::string_view, 37> kShellOnly = {
      "if",       "while", "until", "for",   "case",     "{",      "!",   "select",
      "[[",       "time",  "then",  "alias", "bg",       "break",  "cd",  "command",
      "continue", "eval",  "exec",  "exit",  "export",   "fc",     "fg",  "getopts",
      "hash",     "jobs",  "local", "read",  "readonly", "return", "set", "shift",
      "times",    "trap",  "type",  "unset", "wait"};
  // A redirection first ("2>/dev/null X=1 ./bot") may hide an assignment after it.
  if (first.find_first_of("=<>") != std::string::npos || first == "." || first == ":" ||
      std::find(kShellOnly.begin(), kShellOnly.end(), first) != kShellOnly.end()) {
    return command;
  }
  return "exec " + command;
}

// A signal's number with its name: "11 (SIGSEGV)".
std::string signal_name(int signal) {
  const char* name = sigabbrev_np(signal);
  return std::to_string(signal) + (name != nullptr ? std::string(" (SIG") + name + ")" : "");
}

// A child process under /bin/sh -c, in its own process group (so that a shell's children die with
// it), with pipes to its stdin and from its stdout; its stderr is ours.
class Process {
 public:
  enum class Io { Ok, Closed, Exited, Timeout, TooLong, Failed };

  Process() = default;
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;
  ~Process() { stop(0); }

  bool running() const { return pid_ > 0; }

  // Starts `command`; returns what went wrong (empty on success).
  std::string start(const std::string& command) {
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) return std::string("cannot make a pipe: ") + strerror(errno);
    if (pipe2(out, O_CLOEXEC) != 0) {
      const std::string why = strerror(errno);
      close(in[0]);
      close(in[1]);
      return "cannot make a pipe: " + why;
    }
    const std::string shell_command = exec_form(command);
    const char* argv[] = {"/bin/sh", "-c", shell_command.c_str(), nullptr};
    const SpawnWindow window;
    if (g_stopping.load()) {
      for (int fd : {in[0], in[1], out[0], out[1]}) close(fd);
      return "whist is stopping (interrupted): no engine starts now";
    }
    const pid_t pid = fork();
    if (pid < 0) {
      const std::string why = strerror(errno);
      for (int fd : {in[0], in[1], out[0], out[1]}) close(fd);
      return "cannot fork: " + why;
    }
    if (pid == 0) {
      // The child: only async-signal-safe calls until exec. Every other descriptor of ours is
      // close-on-exec; the pipe ends move above 2 first so that neither dup2 clobbers the other.
      setpgid(0, 0);
      sigset_t none;
      sigemptyset(&none);
      sigprocmask(SIG_SETMASK, &none, nullptr);
      signal(SIGPIPE, SIG_DFL);
      const int child_in = in[0] > 2 ? in[0] : fcntl(in[0], F_DUPFD_CLOEXEC, 3);
      const int child_out = out[1] > 2 ? out[1] : fcntl(out[1], F_DUPFD_CLOEXEC, 3);
      if (child_in < 0 || child_out < 0 || dup2(child_in, 0) < 0 || dup2(child_out, 1) < 0) {
        _exit(126);
      }
      execv("/bin/sh", const_cast<char* const*>(argv));
      _exit(127);
    }
    setpgid(pid, pid);  // as the child does: whichever runs first
    track_group(pid);
    close(in[0]);
    close(out[1]);
    pid_ = pid;
    to_fd_ = in[1];
    from_fd_ = out[0];
    // Writes wait in poll() with a deadline rather than blocking on an engine that stops reading.
    fcntl(to_fd_, F_SETFL, fcntl(to_fd_, F_GETFL) | O_NONBLOCK);
    return {};
  }

  Io write_line(std::string_view line, Clock::time_point deadline) {
    if (to_fd_ < 0) return Io::Closed;
    std::string data(line);
    data += '\n';
    const SigpipeBlock block;
    size_t done = 0;
    while (done < data.size()) {
      const ssize_t n = write(to_fd_, data.data() + done, data.size() - done);
      if (n > 0) {
        done += static_cast<size_t>(n);
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && errno == EPIPE) return Io::Closed;
      if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return Io::Failed;
      pollfd p{to_fd_, POLLOUT, 0};
      const int r = poll(&p, 1, ms_left(deadline));
      if (r == 0) return Io::Timeout;
      if (r < 0 && errno != EINTR) return Io::Failed;
    }
    return Io::Ok;
  }

  // Reads one line (without its end, "\r\n" or "\n"; the first without a byte order mark).
  // Io::Exited: the engine exited, but its output is still open (a child holds it).
  Io read_line(std::string& line, Clock::time_point deadline) {
    for (;;) {
      const size_t end = buf_.find('\n');
      if (end != std::string::npos) {
        line = buf_.substr(0, end);
        buf_.erase(0, end + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (first_line_ && line.starts_with(kByteOrderMark)) line.erase(0, kByteOrderMark.size());
        first_line_ = false;
        // The limit is the line's, whatever came after it (regression (an audit): a comment of
        // 1,051,577 bytes was taken, its end read with the chunk that took it past the limit).
        if (line.size() > kMaxLine) return Io::TooLong;
        return Io::Ok;
      }
      if (buf_.size() > kMaxLine + 1) return Io::TooLong;  // a line begun, even with its '\r'
      if (from_fd_ < 0) return Io::Closed;
      // Looked at before the poll, so that what the engine wrote before it exited is read.
      const bool gone = exited();
      pollfd p{from_fd_, POLLIN, 0};
      const int left = ms_left(deadline);
      const int r = poll(&p, 1, std::min(left, kExitCheckMs));
      if (r == 0 && left > kExitCheckMs && !gone) continue;
      if (r == 0) {
        line = buf_;  // a line begun and not ended, for the error message
        return left > kExitCheckMs ? Io::Exited : Io::Timeout;
      }
      if (r < 0) {
        if (errno == EINTR) continue;
        return Io::Failed;
      }
      char chunk[4096];
      const ssize_t n = read(from_fd_, chunk, sizeof chunk);
      if (n == 0) {
        line = buf_;  // a last line without its end, for the error message
        return Io::Closed;
      }
      if (n < 0) {
        if (errno == EINTR || errno == EAGAIN) continue;
        return Io::Failed;
      }
      buf_.append(chunk, static_cast<size_t>(n));
    }
  }

  // Whether the process has exited (it is not reaped: its status is still to be told).
  bool exited() const {
    siginfo_t info{};
    return pid_ > 0 &&
           waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
           info.si_pid != 0;
  }

  // How the process ended, waiting up to `wait_ms` for it to end: "exited with status 3",
  // "was killed by signal 9" or "is still running". Does not reap it.
  std::string status(int wait_ms) const {
    if (pid_ <= 0) return "has stopped";
    const auto deadline = Clock::now() + std::chrono::milliseconds(wait_ms);
    for (;;) {
      siginfo_t info{};
      if (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
          info.si_pid != 0) {
        if (info.si_code == CLD_EXITED) {
          // The shell's status for a command it cannot find or run, and for one that a signal
          // killed (of a command it did not exec).
          const int code = info.si_status;
          const bool missing = code == 127 || code == 126;
          const bool signalled = code > 128 && code - 128 < NSIG;
          return "exited with status " + std::to_string(code) +
                 (missing     ? " (is the command right?)"
                  : signalled ? " (the shell's status for a command killed by signal " +
                                    signal_name(code - 128) + ")"
                              : "");
        }
        return "was killed by signal " + signal_name(info.si_status);
      }
      if (Clock::now() >= deadline) return "is still running";
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }

  // Tells the engine its input has ended.
  void close_input() {
    if (to_fd_ >= 0) close(to_fd_);
    to_fd_ = -1;
  }

  // Closes the engine's input, gives it `grace_ms` to exit, kills what is left of its process
  // group and reaps it.
  void stop(int grace_ms) {
    close_input();
    if (pid_ > 0) {
      if (grace_ms > 0) status(grace_ms);
      // The leader is not reaped yet, so its group id cannot have been reused.
      kill(-pid_, SIGKILL);
      kill(pid_, SIGKILL);
      untrack_group(pid_);  // before the leader is reaped, when its id could be reused
      while (waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
      }
      pid_ = -1;
    }
    if (from_fd_ >= 0) close(from_fd_);
    from_fd_ = -1;
    buf_.clear();
  }

 private:
  pid_t pid_ = -1;
  int to_fd_ = -1;
  int from_fd_ = -1;
  std::string buf_;
  bool first_line_ = true;
};

// The rules as engines receive them: the preset, the player count and every option that applies
// to the game with its value (not only those that differ from the preset).
nlohmann::json rules_json(const Rules& rules) {
  nlohmann::json opts = nlohmann::json::object();
  for (const OptionInfo& o : options()) {
    if (option_applies(o.name, rules.family)) opts[std::string(o.name)] = o.get(rules);
  }
  return {{"variant", rules.variant}, {"players", rules.players}, {"options", std::move(opts)}};
}

class ExternalBot final : public Bot {
 public:
  ExternalBot(std::string command, int timeout_ms)
      : command_(std::move(command)), timeout_ms_(timeout_ms) {}

  ~ExternalBot() override {
    if (!process_.running()) return;
    ask_to_quit();
    process_.stop(ms_left(quit_deadline_));
  }

  // Sends `quit` and closes the engine's input, without waiting for it to exit: its grace runs
  // from now, so that engines asked together are waited for together, not a second each.
  void ask_to_quit() {
    if (!process_.running() || quit_asked_) return;
    quit_asked_ = true;
    process_.write_line("quit", Clock::now() + std::chrono::milliseconds(100));
    process_.close_input();
    quit_deadline_ = Clock::now() + std::chrono::milliseconds(kQuitGraceMs);
  }

  // Starts the engine and sends it the handshake, without waiting for the answer (finish_start),
  // so that engines started together start up at the same time; returns what went wrong.
  std::string start() {
    const std::string error = process_.start(command_);
    if (!error.empty()) return who() + ": " + error;
    try {
      // The clock starts when the handshake is sent, so the engine's start-up counts.
      hello_deadline_ = deadline();
      send(hello());
    } catch (const EngineError& e) {
      return e.what();
    }
    return {};
  }

  // Waits for the answer to the handshake start() sent; returns what went wrong.
  std::string finish_start() {
    if (handshaken_) return {};
    handshaken_ = true;
    try {
      const std::string hello = this->hello();
      // Never sooner than a whole timeout from now: copies started together share the cores
      // as they start up, and one waited for after the others is not to be cut short by them
      // (a review found it).
      const std::string answer = receive("'" + hello + "'", std::max(hello_deadline_, deadline()));
      const std::string_view a = answer;
      if (a != "ready" && a.substr(0, 6) != "ready ") {
        fail("answered " + quote_input(answer, kShown) + " to '" + hello +
             "' (expected 'ready NAME')");
      }
      // The name is printed in the arena's table: not a way to drive the terminal, nor to turn
      // the line around (a bidirectional override).
      if (is_utf8(a) && !is_clean_name(a)) {
        fail("answered " + quote_input(answer, kShown) + " to '" + hello +
             "': a name without control characters, please");
      }
      // And in the arena's JSON, whose writer throws on bytes that are not UTF-8 (regression:
      // whist arena --json aborted after every deal was played, and the results were lost).
      if (!is_utf8(a)) {
        fail("answered " + quote_input(answer, kShown) + " to '" + hello +
             "': a name in UTF-8, please");
      }
      // Nor one that would read as another engine's there ("Foo" and "Foo" + U+200B), held to a
      // player's name's characters.
      // Blanks around the name are none of it, and blanks alone are no name, as a bare `ready`
      // (regression (an audit): `ready   ` named the engine "  ", shown as "(  )" in the table).
      const std::string_view engine = trim_blanks(a.size() > 6 ? a.substr(6) : std::string_view());
      if (const std::string why = name_text_refusal(engine); !why.empty()) {
        fail("answered " + quote_input(answer, kShown) + " to '" + hello + "': the name " + why);
      }
      engine_ = std::string(engine);
    } catch (const EngineError& e) {
      return e.what();
    }
    return {};
  }

  std::string name() const override { return "ext:" + command_; }
  const std::string& engine() const { return engine_; }

  // The engine hears of the deal at its first decision in it, with a seed made from the view its
  // seat was shown as the deal was dealt (dealt_view). Regression: the seed was drawn from the
  // game's seed, and the steps of derive_seed can be undone: an engine recovered the seed (a
  // small number in whist play, found by trying every one in any case) and from it every hand.
  // Regression: it was the hash of the engine's first view in the deal, so a game of whist play
  // resumed or undone mid-deal, which tells the deal again, told it with another seed (that of a
  // later view), and the engine played otherwise than in the game not stopped.
  void new_deal(uint64_t seed) override {
    Bot::new_deal(seed);
    deal_told_ = false;
    deal_seed_.reset();
  }
  void reseed(uint64_t seed) override { Bot::new_deal(seed); }
  void dealt_view(const PlayerView& dealt) {
    deal_seed_ = engine_deal_seed(view_to_json(dealt).dump());
  }

  Action choose(const Rules& rules, const PlayerView& view) override {
    // Started by start_external_bot and not yet waited for: the handshake's answer is no action.
    if (!handshaken_) {
      if (const std::string error = finish_start(); !error.empty()) throw EngineError(error);
    }
    refuse_unasked(Clock::now(), true, "");
    const std::string view_text = view_to_json(view).dump();
    if (!deal_told_) {
      send("new-deal " + std::to_string(deal_seed_ ? *deal_seed_ : engine_deal_seed(view_text)));
      deal_told_ = true;
    }
    if (!rules_sent_ || !(*rules_sent_ == rules)) {
      send("rules " + rules_json(rules).dump());
      rules_sent_ = rules;
    }
    send("choose " + view_text);
    const std::string answer = receive("choose");
    refuse_unasked(Clock::now(), false, "");  // a second answer sent with the first
    if (answer.rfind("error", 0) == 0) fail("gave up with " + quote_input(answer, kShown));
    auto a = parse_action(answer);
    if (a) a = heard_action(view, *a);  // "play unseen": the forehead card it was told of so
    if (!a) {
      fail("answered " + quote_input(answer, kShown) +
           " to choose, which is not an action (expected a code such as 64 or a text such as "
           "'bid 0' or 'play QH')");
    }
    if (!view.legal.contains(*a)) {
      std::string legal;
      for (Action x : view.legal)
        legal += (legal.empty() ? "" : ", ") + to_string(told_action(view, x));
      fail("answered " + quote_input(answer, kShown) + " (" + to_string(*a) +
           "), which is not legal here; legal: " + legal);
    }
    last_answer_ = answer;
    return *a;
  }

  // After ask_to_quit: what the engine still writes is read until it ends its output (or exits,
  // or its grace runs out), so that a line not asked for after its last answer stops the run as
  // one before any other choose does (regression (an audit): a second answer to the last choose,
  // sent 0.3 s late, went unseen, and the run ended with status 0). Returns what went wrong.
  std::string finish_output() {
    if (!process_.running()) return {};  // it failed earlier, and was stopped
    ask_to_quit();
    try {
      refuse_unasked(quit_deadline_, true, "; read after 'quit'");
      return {};  // its output ended, it exited, or it is killed once its grace runs out
    } catch (const EngineError& e) {
      return e.what();
    }
  }

 private:
  std::string who() const {
    return "engine '" + name() + "'" + (engine_.empty() ? "" : " (" + engine_ + ")");
  }

  // Stops the engine (it is not to be trusted any more) and throws; `late`: the fault is the
  // last choose's (EngineError::after_last_answer).
  [[noreturn]] void fail(const std::string& what, bool late = false) {
    const std::string message = who() + " " + what;
    process_.stop(0);
    throw EngineError(message, late);
  }

  Clock::time_point deadline() const {
    return Clock::now() + std::chrono::milliseconds(timeout_ms_);
  }

  // An engine that closed its input may still have said why on its output: the next receive()
  // reports it, so sending to it is not an error in itself.
  void send(const std::string& line) {
    if (!process_.running()) fail("is not running (it failed earlier)");
    if (input_closed_) return;
    const std::string_view command = std::string_view(line).substr(0, line.find(' '));
    switch (process_.write_line(line, deadline())) {
      case Process::Io::Ok:
        return;
      case Process::Io::Closed:
        input_closed_ = true;
        return;
      case Process::Io::Timeout:
        fail("did not read '" + std::string(command) + "' within " + std::to_string(timeout_ms_) +
             " ms");
      default:
        fail("cannot be written to: " + std::string(strerror(errno)));
    }
  }

  // An answer sent when none was asked for (two answers to one choose, or one to new-deal) would
  // be taken as the answer to the next choose: refused instead (regression: every later answer
  // was one behind). What is already there is read, without waiting: right after an answer (a
  // second sent with it), and as the next choose begins (one sent later: `late`); after `quit`,
  // until its output ends or `until` (finish_output).
  void refuse_unasked(Clock::time_point until, bool late, std::string_view when) {
    std::string line;
    for (;;) {
      switch (process_.read_line(line, until)) {
        case Process::Io::Ok:
          if (!line.empty() && line[0] == '#') continue;
          refuse_unasked_line(line, late, when);
        case Process::Io::TooLong:
          fail("sent a line longer than " + std::to_string(kMaxLine) + " bytes");
        default:
          return;  // nothing more for now; a closed output is told at the next receive
      }
    }
  }

  // Refuses `line`, sent when no answer was asked for. One found after the engine's answer had
  // been taken (`late`: as the next choose began, or after `quit`) is told as coming after that
  // answer, the last choose's fault (regression (an audit): it was told as the next action's).
  [[noreturn]] void refuse_unasked_line(const std::string& line, bool late, std::string_view when) {
    const bool after_answer = late && last_answer_.has_value();
    fail("sent " + quote_input(line, kShown) +
             (after_answer ? " after its answer " + quote_input(*last_answer_, kShown) +
                                 " to its last choose,"
                           : "") +
             " when no answer was asked for (one answer to each choose, and none to anything "
             "else" +
             std::string(when) + ")",
         after_answer);
  }

  static std::string hello() { return "whist-bot " + std::to_string(kBotProtocolVersion); }

  // The next line that is not a comment ('#'), by `until` (by default the timeout from now).
  std::string receive(const std::string& after, std::optional<Clock::time_point> by = {}) {
    const auto until = by ? *by : deadline();
    std::string line;
    for (;;) {
      switch (process_.read_line(line, until)) {
        case Process::Io::Ok:
          if (line.empty() || line[0] != '#') return line;
          // Comments do not stop the clock (regression: sent without end, they kept whist
          // reading past the time allowed).
          if (Clock::now() < until) continue;
          line.clear();  // a whole comment, not a line left unended
          [[fallthrough]];
        case Process::Io::Timeout:
          // Regression: "ready foo\r" without its '\n' was a plain timeout, its words unsaid.
          fail("did not answer " + after + " within " + std::to_string(timeout_ms_) + " ms" +
               (input_closed_ ? " (it had closed its input)" : "") +
               (line.empty()
                    ? ""
                    : " (it wrote " + quote_input(line, kShown) + " with no end of line)"));
        case Process::Io::Closed:
          fail("closed its output without answering " + after +
               (line.empty() ? "" : " (its last words: " + quote_input(line, kShown) + ")") +
               "; it " + process_.status(kExitStatusWaitMs));
        case Process::Io::Exited:
          fail("exited without answering " + after +
               " (a process it started still holds its output open" +
               (line.empty() ? "" : "; its last words: " + quote_input(line, kShown)) + "); it " +
               process_.status(0));
        case Process::Io::TooLong:
          fail("sent a line longer than " + std::to_string(kMaxLine) + " bytes");
        case Process::Io::Failed:
          fail("cannot be read from: " + std::string(strerror(errno)));
      }
    }
  }

  std::string command_;
  int timeout_ms_;
  Process process_;
  std::string engine_;
  std::optional<Rules> rules_sent_;
  std::optional<std::string> last_answer_;  // to the last choose, as it was sent
  bool deal_told_ = false;                  // new-deal sent for the deal under way
  std::optional<uint64_t> deal_seed_;       // its SEED, once told the view of the deal as dealt
  bool input_closed_ = false;
  bool quit_asked_ = false;
  Clock::time_point quit_deadline_;
  Clock::time_point hello_deadline_;  // for the answer to the handshake
  bool handshaken_ = false;           // finish_start() has run
};

}  // namespace

std::unique_ptr<Bot> make_external_bot(std::string_view command, int timeout_ms,
                                       std::string& error) {
  auto bot = start_external_bot(command, timeout_ms, error);
  if (!bot) return nullptr;
  error = finish_external_start(*bot);
  if (!error.empty()) return nullptr;
  return bot;
}

std::string finish_external_start(Bot& bot) {
  auto* ext = dynamic_cast<ExternalBot*>(&bot);
  return ext ? ext->finish_start() : std::string();
}

std::unique_ptr<Bot> start_external_bot(std::string_view command, int timeout_ms,
                                        std::string& error) {
  error.clear();
  while (!command.empty() && command.front() == ' ') command.remove_prefix(1);
  if (command.empty()) {
    error = "ext: needs a command, e.g. ext:./mybot";
    return nullptr;
  }
  if (timeout_ms <= 0) {
    error = "the timeout of an external engine must be positive";
    return nullptr;
  }
  // Its spec names it in records and the arena's JSON, whose writers refuse other bytes
  // (regression: whist arena --json aborted once every deal was played).
  if (!is_utf8(command)) {
    error = "ext: the command must be UTF-8 text";
    return nullptr;
  }
  auto bot = std::make_unique<ExternalBot>(std::string(command), timeout_ms);
  error = bot->start();
  if (!error.empty()) return nullptr;
  return bot;
}

int ext_timeout_from_env(std::string& error) {
  const char* text = std::getenv(kExtTimeoutEnv);
  if (text == nullptr || *text == '\0') return kDefaultExtTimeoutMs;
  const std::string_view s(text);
  int ms = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), ms);
  if (ec != std::errc() || end != s.data() + s.size() || ms <= 0) {
    error = std::string(kExtTimeoutEnv) + "='" + text + "': expected a positive number of ms";
    return kDefaultExtTimeoutMs;
  }
  return ms;
}

void kill_engines_now() {
  g_stopping.store(true);
  timespec start{}, now{};
  clock_gettime(CLOCK_MONOTONIC, &start);
  while (g_spawning.load() != 0) {  // another thread between fork() and track_group()
    clock_gettime(CLOCK_MONOTONIC, &now);
    if ((now.tv_sec - start.tv_sec) * 1'000'000'000L + (now.tv_nsec - start.tv_nsec) >
        kSpawnWaitNs) {
      break;
    }
  }
  for (auto& slot : g_engine_groups) {
    if (const pid_t group = slot.load(); group > 0) kill(-group, SIGKILL);
  }
}

uint64_t engine_deal_seed(std::string_view view_json) {
  uint64_t h = mix_bits(view_json.size());
  for (size_t at = 0; at < view_json.size(); at += 8) {
    uint64_t word = 0;
    for (size_t k = at; k < std::min(at + 8, view_json.size()); ++k) {
      word = word << 8 | static_cast<unsigned char>(view_json[k]);
    }
    h = mix_bits(h ^ word);
  }
  return h;
}

std::string engine_name(const Bot& bot) {
  const auto* ext = dynamic_cast<const ExternalBot*>(&bot);
  return ext ? ext->engine() : std::string();
}

void tell_engine_dealt_view(Bot& bot, const PlayerView& dealt) {
  if (auto* ext = dynamic_cast<ExternalBot*>(&bot)) ext->dealt_view(dealt);
}

void ask_engine_to_quit(Bot& bot) {
  if (auto* ext = dynamic_cast<ExternalBot*>(&bot)) ext->ask_to_quit();
}

std::string finish_engine_output(Bot& bot) {
  auto* ext = dynamic_cast<ExternalBot*>(&bot);
  return ext ? ext->finish_output() : std::string();
}

}  // namespace whist
