// External engines: a bot in another process that speaks the line protocol of
// docs/bot-protocol.md over its stdin and stdout, as chess engines speak UCI. The bot spec
// `ext:COMMAND` runs COMMAND with /bin/sh -c.
//
// Every wait on the engine has a deadline, so an engine that hangs, dies or babbles ends the run
// with a message naming it and what it sent, never a hang; the child is always reaped.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "ai/bot.h"

namespace whist {

inline constexpr int kBotProtocolVersion = 1;
inline constexpr int kDefaultExtTimeoutMs = 10000;
// The environment variable that sets the timeout of engines made through make_bot("ext:...").
inline constexpr const char* kExtTimeoutEnv = "WHIST_EXT_TIMEOUT_MS";

// What an external engine's choose() or new_deal() throws when the engine fails: it exited,
// closed its output, sent something that is not an answer, answered an illegal action or took
// too long. The message names the engine and quotes what it sent.
class EngineError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  EngineError(const std::string& what, bool after_last_answer)
      : std::runtime_error(what), after_last_answer_(after_last_answer) {}
  // The engine sent a line not asked for after its answer to its last choose, found only as the
  // next began: the fault is that choose's, not the one under way (the arena names it).
  bool after_last_answer() const { return after_last_answer_; }

 private:
  bool after_last_answer_ = false;
};

// Starts `command` under /bin/sh -c and shakes hands with it. `timeout_ms` bounds the handshake
// and every answer. On failure returns null and sets `error`.
std::unique_ptr<Bot> make_external_bot(std::string_view command, int timeout_ms,
                                       std::string& error);

// make_external_bot in two steps, so that engines started together start up together rather
// than one after another (the arena's copies of an engine): start_external_bot starts `command`
// and sends the handshake without waiting for its answer (null and `error` on failure);
// finish_external_start waits for that answer, `timeout_ms` from when it was sent, and returns
// what went wrong (empty for any other bot, or when already done).
std::unique_ptr<Bot> start_external_bot(std::string_view command, int timeout_ms,
                                        std::string& error);
std::string finish_external_start(Bot& bot);

// The timeout from WHIST_EXT_TIMEOUT_MS (milliseconds), else kDefaultExtTimeoutMs; sets `error`
// when the variable is set but not a positive number.
int ext_timeout_from_env(std::string& error);

// The name an external engine gave in its `ready` line; empty for any other bot.
std::string engine_name(const Bot& bot);

// Sends an external engine `quit` and closes its input; its destructor then waits what is left
// of its second's grace before it kills it. Bots to be destroyed together are asked first, all of
// them, so that engines that do not exit cost one grace, not one each. Other bots: nothing.
void ask_engine_to_quit(Bot& bot);

// After ask_engine_to_quit: reads what the engine still writes until it ends its output or exits,
// within its grace after `quit`, and returns what went wrong: a line not a comment, which no one
// asked for (a late second answer to its last choose), or one too long. Empty for other bots, for
// an engine that failed earlier, and for one that outlives its grace (it is killed, as before).
std::string finish_engine_output(Bot& bot);

// Kills every engine still running, with its process group: for a signal handler (it only calls
// kill), so that an interrupted run leaves no engine behind (an engine that ignores the end of
// its input would otherwise outlive whist). No engine starts after it: the program is stopping.
void kill_engines_now();

// Tells an external engine, after Bot::new_deal, what its seat was shown as the deal was dealt
// (Match::dealt_view): the SEED of the deal's `new-deal` is engine_deal_seed of that view's JSON.
// It depends on nothing decided in the deal, so that a game of whist play resumed or undone
// mid-deal tells the deal again with the same SEED. Other bots: nothing.
void tell_engine_dealt_view(Bot& bot, const PlayerView& dealt);

// The SEED of `new-deal SEED`: a hash of a view's JSON, the view the engine's seat was shown as
// the deal was dealt (tell_engine_dealt_view), so that it tells the engine nothing its seat was
// not shown. An engine not told that view hashes the view of its first `choose` in the deal.
uint64_t engine_deal_seed(std::string_view view_json);

}  // namespace whist
