// `whist play`: the game behind the terminal, with no terminal in it: the match, who sits where
// (humans and bots), the seed that makes every deal and every bot decision, the save file (a game
// record with a "session" field, docs/record-format.md), undo and hints.
//
// Reproducible from the seed alone: deal k is shuffled by a generator seeded from (seed, k), and
// a bot is reseeded from (seed, deal, action number, seat) before each of its decisions. A bot's
// choice thus depends only on its view, that seed and, for a bot that carries something from one
// decision to the next (Bot::carries: the expert's worlds), its earlier decisions in the deal.
// A resumed game or a game rebuilt for undo asks such a bot those decisions again, each from
// the view and with the seed it had then, before its next one, so that it goes on exactly as the
// uninterrupted game would.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ai/bot.h"
#include "game/match.h"

namespace whist::cli {

inline constexpr std::string_view kHumanSeat = "human";

// What a save file holds besides the record proper.
struct PlaySession {
  uint64_t seed = 0;
  std::vector<std::string> seats;  // by seat: "human" or a bot spec
  std::string hint = "expert";     // the bot that answers `hint`
};

// The session as the record's "session" object, and back (an error names what is wrong).
std::string session_json(const PlaySession& session);
std::string parse_session(const std::string& json, int players, PlaySession& out);
// The first bot of the session that is an external engine (ext:COMMAND, which runs COMMAND), as
// 'seat 1 is "ext:./mybot"' or 'the hint bot is "..."'; empty when none is.
std::string engine_in(const PlaySession& session);

inline constexpr uint64_t kDealerStream = 4;  // the first dealer of a new game

struct Hint {
  std::string bot;      // the spec of the bot asked
  Action action;        // what it would do
  std::string reasons;  // why, one line per option weighed; empty when it cannot say
  bool reasons_from_heuristic = false;  // the reasons are the heuristic's rules of thumb
};

class PlayGame {
 public:
  // A new game; null and `error` on a bad bot spec.
  static std::unique_ptr<PlayGame> start(const Rules& rules, std::vector<std::string> names,
                                         int first_dealer, PlaySession session, std::string& error);
  // The game saved in a record; null and `error` when the record is bad or has no session.
  // A saved game names its bots; an `ext:COMMAND` bot starts a program, so a save file (data,
  // perhaps from someone else) may do that only when the user allows it (`--allow-engines`).
  static std::unique_ptr<PlayGame> resume(const std::string& record, std::string& error,
                                          bool allow_engines = false);
  PlayGame(const PlayGame&) = delete;
  PlayGame& operator=(const PlayGame&) = delete;
  // Asks every external engine to quit before any is waited for, so that they share one
  // second's grace to exit rather than take one each.
  ~PlayGame();

  const Match& match() const { return *match_; }
  const PlaySession& session() const { return session_; }
  bool is_human(int seat) const { return bots_[static_cast<size_t>(seat)] == nullptr; }
  int humans() const;

  // Deals the next deal; only between deals of an unfinished match.
  void deal();
  // The choice of the bot to move (checked legal). Throws what the bot throws (an external
  // engine that fails) and std::runtime_error for an illegal choice.
  Action bot_action();
  std::string why_illegal(Action a) const { return match_->why_illegal(a); }
  void apply(Action a) { match_->apply(a); }

  // Takes back the last action of the (only) human and every action after it; the error says why
  // not (other humans at the table, nothing to take back).
  std::string undo();
  // What the hint bot would do for the seat to move.
  Hint hint();

  // The save file's text.
  std::string record() const;

 private:
  PlayGame() = default;
  // Engines::Allowed for a game started from the command line or resumed with --allow-engines.
  std::string make_bots(Engines engines);
  // Asks the bot of `seat`, which starts the deal under way mid-way, its own decisions of the deal
  // so far again, so that it carries from them what it would have in the game not stopped.
  void recall(int seat, Bot& bot);
  uint64_t derive(std::initializer_list<uint64_t> parts) const {
    return derive_seed(session_.seed, parts);
  }

  std::unique_ptr<Match> match_;
  PlaySession session_;
  std::vector<std::unique_ptr<Bot>> bots_;  // by seat; null for a human
  std::vector<int64_t> told_deal_;          // by seat: the deal its bot was told of (-1 none)
  std::unique_ptr<Bot> hint_bot_;
  std::unique_ptr<Bot> explainer_;  // the heuristic, for bots that cannot explain themselves
};

}  // namespace whist::cli
