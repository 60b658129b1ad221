#include "cli/play_game.h"

#include <algorithm>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "ai/external.h"
#include "ai/heuristic.h"
#include "core/text.h"
#include "game/record.h"
#include "game/view_json.h"

namespace whist::cli {

namespace {

using Json = nlohmann::ordered_json;

// The streams of seeds drawn from the game's seed.
constexpr uint64_t kCardStream = 1;
constexpr uint64_t kBotStream = 2;
constexpr uint64_t kHintStream = 3;

// The deal in progress (or the last one) and the number of actions taken in it.
uint64_t deal_number(const Match& m) { return m.log().empty() ? 0 : m.log().size() - 1; }
uint64_t actions_in_deal(const Match& m) {
  return m.log().empty() ? 0 : m.log().back().actions.size();
}

// The match of `from`'s log rebuilt: the deals before deal k played out, and the first n actions
// of deal k; null and `error` when the log cannot be dealt again.
std::unique_ptr<Match> replayed(const Match& from, size_t k, size_t n, std::string& error) {
  auto m = std::make_unique<Match>(from.rules(), from.names(), from.first_dealer());
  for (size_t d = 0; d <= k; ++d) {
    const DealLog& dl = from.log()[d];
    error = m->deal_given(dl.hands, dl.turned, dl.kitty);
    if (!error.empty()) return nullptr;
    const size_t actions = d < k ? dl.actions.size() : n;
    for (size_t a = 0; a < actions; ++a) m->apply(dl.actions[a]);
  }
  return m;
}

// The cards `v`'s seat has been shown otherwise than by their play to a trick.
CardSet shown_outside_play(const PlayerView& v) {
  CardSet s = v.own_hand;
  for (int p = 0; p < v.players; ++p) s.insert(v.visible[static_cast<size_t>(p)]);
  for (const CardSet r : v.received) s.insert(r);
  s.insert(v.kitty_seen);
  s.insert(v.call.kitty);
  if (v.turned != kNoCard) s.insert(v.turned);
  return s;
}

// Whether `seat`, given action `i` of `deal` again in `then` (the match just before it), would
// know a card it did not see then: one shown to it by the rest of the deal otherwise than by its
// play to a trick (its hand after a blind bid, a forehead deal's other hands, cards passed to it,
// kitty cards), or one of its own hand it did not see then, however seen since (a forehead card
// played). A deal's mode chosen by its dealer is chosen before any card is seen.
bool sees_since(const Match& then, const DealLog& deal, size_t i, int seat) {
  const PlayerView v = then.view(seat);
  CardSet known = shown_outside_play(v);
  for (const PlayedCard& p : v.plays) known.insert(p.card);
  CardSet own_unseen = then.state().hand(seat) - v.own_hand;
  if (then.state().phase() == Phase::ChooseMode) {
    for (int p = 0; p < then.players(); ++p) own_unseen.insert(then.state().hand(p));
  }
  Match walk = then;
  for (size_t a = i; a < deal.actions.size(); ++a) {
    walk.apply(deal.actions[a]);
    const PlayerView w = walk.view(seat);
    CardSet seen = shown_outside_play(w);
    if (!(seen - known).empty()) return true;
    for (const PlayedCard& p : w.plays) seen.insert(p.card);
    if (seen.intersects(own_unseen)) return true;
  }
  return false;
}

}  // namespace

std::string engine_in(const PlaySession& s) {
  for (size_t seat = 0; seat < s.seats.size(); ++seat) {
    if (names_engine(s.seats[seat])) {
      return "seat " + std::to_string(seat) + " is " + json_quote(s.seats[seat]);
    }
  }
  return names_engine(s.hint) ? "the hint bot is " + json_quote(s.hint) : std::string();
}

std::string session_json(const PlaySession& s) {
  Json j = Json::object();
  j["seed"] = s.seed;
  j["seats"] = s.seats;
  j["hint"] = s.hint;
  return j.dump();
}

std::string parse_session(const std::string& text, int players, PlaySession& out) {
  const Json j = Json::parse(text, nullptr, false);
  if (!j.is_object()) return "\"session\" must be an object";
  const auto seed = j.find("seed");
  if (seed == j.end() || !seed->is_number_unsigned()) {
    return "\"session\": \"seed\" must be a whole number from 0 to 2^64-1";
  }
  out.seed = seed->get<uint64_t>();
  const auto seats = j.find("seats");
  if (seats == j.end() || !seats->is_array() || static_cast<int>(seats->size()) != players) {
    return "\"session\": \"seats\" must list " + std::to_string(players) +
           " seats, each \"human\" or a bot spec";
  }
  out.seats.clear();
  for (const Json& s : *seats) {
    if (!s.is_string()) return "\"session\": \"seats\" must hold strings";
    out.seats.push_back(s.get<std::string>());
  }
  const auto hint = j.find("hint");
  if (hint != j.end()) {
    if (!hint->is_string()) return "\"session\": \"hint\" must be a bot spec";
    out.hint = hint->get<std::string>();
  }
  for (const auto& [key, value] : j.items()) {
    if (key != "seed" && key != "seats" && key != "hint") {
      return "\"session\": unknown field " + json_quote(key);
    }
  }
  // As a new game would be (regression: a file of bots only played on unattended).
  if (std::find(out.seats.begin(), out.seats.end(), kHumanSeat) == out.seats.end()) {
    return "\"session\": \"seats\" has no \"human\": someone plays at the keyboard";
  }
  return {};
}

std::string PlayGame::make_bots(Engines engines) {
  std::string error;
  bots_.clear();
  for (const std::string& spec : session_.seats) {
    if (spec == kHumanSeat) {
      bots_.push_back(nullptr);
      continue;
    }
    bots_.push_back(make_bot(spec, error, engines));
    if (!bots_.back()) return error;
  }
  told_deal_.assign(bots_.size(), -1);
  hint_bot_ = make_bot(session_.hint, error, engines);
  if (!hint_bot_) return "the hint bot: " + error;
  explainer_ = make_heuristic_bot();
  return {};
}

PlayGame::~PlayGame() {
  for (const auto& b : bots_) {
    if (b) ask_engine_to_quit(*b);
  }
  if (hint_bot_) ask_engine_to_quit(*hint_bot_);
}

std::unique_ptr<PlayGame> PlayGame::start(const Rules& rules, std::vector<std::string> names,
                                          int first_dealer, PlaySession session,
                                          std::string& error) {
  std::unique_ptr<PlayGame> g(new PlayGame());
  g->session_ = std::move(session);
  g->match_ = std::make_unique<Match>(rules, std::move(names), first_dealer);
  error = g->make_bots(Engines::Allowed);
  if (!error.empty()) return nullptr;
  return g;
}

std::unique_ptr<PlayGame> PlayGame::resume(const std::string& record, std::string& error,
                                           bool allow_engines) {
  ReplayResult r = replay_record(record);
  if (!r.error.empty()) {
    error = r.error;
    return nullptr;
  }
  if (r.session.empty()) {
    error = "the record has no \"session\" field: it was not saved by whist play";
    return nullptr;
  }
  std::unique_ptr<PlayGame> g(new PlayGame());
  error = parse_session(r.session, r.match->players(), g->session_);
  if (!error.empty()) return nullptr;
  // Every message and the sheet name the players, as in a new game (regression: let in).
  const std::vector<std::string>& names = r.match->names();
  for (size_t i = 0; i < names.size(); ++i) {
    if (std::find(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(i), names[i]) !=
        names.begin() + static_cast<std::ptrdiff_t>(i)) {
      error = "\"players\": " + quote_input(names[i]) +
              " is named twice, and the two could not be told apart";
      return nullptr;
    }
  }
  if (const std::string engine = engine_in(g->session_); !allow_engines && !engine.empty()) {
    error = engine +
            ", an external engine: resuming would run that command; add --allow-engines if you "
            "trust the file";
    return nullptr;
  }
  g->match_ = std::move(r.match);
  error = g->make_bots(allow_engines ? Engines::Allowed : Engines::Refused);
  if (!error.empty()) return nullptr;
  return g;
}

int PlayGame::humans() const {
  int n = 0;
  for (const auto& b : bots_) n += b == nullptr;
  return n;
}

void PlayGame::deal() {
  Rng rng(derive({kCardStream, match_->log().size()}));
  match_->deal_random(rng);
}

Action PlayGame::bot_action() {
  const int seat = match_->state().to_move();
  Bot& bot = *bots_[static_cast<size_t>(seat)];
  const PlayerView view = match_->view(seat);
  // A deal starts once for each bot (regression: an external engine was sent new-deal before
  // every move); each decision has its own seed, so that a game resumed mid-deal goes on alike.
  // A resumed game, or one rebuilt by undo, starts the deal again: an external engine is told of
  // it again with the same seed, made from the view of the deal as dealt.
  const uint64_t deal = deal_number(*match_);
  const uint64_t decision =
      derive({kBotStream, deal, actions_in_deal(*match_), static_cast<uint64_t>(seat)});
  // A bot that carries worlds from one decision to the next (the expert) is asked its earlier
  // decisions of the deal again, so that it carries what it would have (regression: reseeded as
  // at a new deal before every decision, it dropped them, and played as carry=0).
  int64_t& told = told_deal_[static_cast<size_t>(seat)];
  if (told != static_cast<int64_t>(deal)) {
    bot.new_deal(decision);
    tell_engine_dealt_view(bot, match_->dealt_view(seat));
    told = static_cast<int64_t>(deal);
    if (bot.carries()) recall(seat, bot);
  }
  bot.reseed(decision);
  const Action a = bot.choose(match_->rules(), view);
  if (!view.legal.contains(a)) {
    throw std::runtime_error("bot '" + bot.name() + "' chose an illegal action, '" + to_string(a) +
                             "': " + match_->why_illegal(a));
  }
  return a;
}

void PlayGame::recall(int seat, Bot& bot) {
  const uint64_t deal = deal_number(*match_);
  const DealLog& log = match_->log().back();
  if (std::find(log.seats.begin(), log.seats.end(), seat) == log.seats.end()) return;
  std::string error;
  const std::unique_ptr<Match> m = replayed(*match_, deal, 0, error);
  if (!m) return;  // never: match_ was played from this log
  for (size_t i = 0; i < log.actions.size(); ++i) {
    if (log.seats[i] == seat) {
      bot.reseed(derive({kBotStream, deal, i, static_cast<uint64_t>(seat)}));
      // As the bot decided then, unless the file was saved by a whist whose bot decided
      // otherwise (before it carried): the worlds it carries on are drawn from the views all the
      // same, so play goes on, if not exactly as that game would have.
      bot.choose(m->rules(), m->view(seat));
    }
    m->apply(log.actions[i]);
  }
}

std::string PlayGame::undo() {
  if (humans() != 1) return "undo is only for a game against bots (there are other humans here)";
  const std::vector<DealLog>& log = match_->log();
  // The human's last action: deal k, action i.
  int k = static_cast<int>(log.size()) - 1;
  int i = -1;
  for (; k >= 0; --k) {
    const DealLog& d = log[static_cast<size_t>(k)];
    for (i = static_cast<int>(d.actions.size()) - 1; i >= 0; --i) {
      if (is_human(d.seats[static_cast<size_t>(i)])) break;
    }
    if (i >= 0) break;
  }
  if (k < 0) return "nothing to undo: you have not played yet";
  // Match has no undo across scoring; replaying the log up to that action rebuilds it exactly.
  std::string err;
  std::unique_ptr<Match> m = replayed(*match_, static_cast<size_t>(k), static_cast<size_t>(i), err);
  if (!m) return "cannot rebuild the game: " + err;
  // Not back to a decision taken without seeing cards the player has seen since: it would be
  // taken again knowing them (regressions: two undos after a forehead deal's play went back to
  // its bid, the card known; an audit found undo went back before Israeli cards received and
  // Call-Ace kitty cards turned up or taken). Cards seen as others play them do not count: every
  // undo would be refused, and they are the bots' answers to what the player does.
  const int human = log[static_cast<size_t>(k)].seats[static_cast<size_t>(i)];
  if (sees_since(*m, log[static_cast<size_t>(k)], static_cast<size_t>(i), human)) {
    return "undo cannot go back to a choice made before you saw cards you have seen since (your "
           "hand after a blind bid, a forehead card, cards passed to you, the kitty)";
  }
  match_ = std::move(m);
  told_deal_.assign(told_deal_.size(), -1);  // the bots start the deal again
  return {};
}

Hint PlayGame::hint() {
  Hint h;
  const int seat = match_->state().to_move();
  const PlayerView view = match_->view(seat);
  h.bot = hint_bot_->name();
  // Its own seed, so that asking changes nothing in the game; the same again for the reasons,
  // so that they are those of the choice given.
  const uint64_t seed = derive({kHintStream, deal_number(*match_), actions_in_deal(*match_)});
  hint_bot_->new_deal(seed);
  tell_engine_dealt_view(*hint_bot_, match_->dealt_view(seat));
  h.action = hint_bot_->choose(match_->rules(), view);
  hint_bot_->new_deal(seed);
  if (view.legal.size == 1) {
    h.reasons = "it is the only legal choice\n";
    return h;
  }
  h.reasons = hint_bot_->explain(match_->rules(), view);
  if (h.reasons.empty()) {
    h.reasons = explainer_->explain(match_->rules(), view);
    h.reasons_from_heuristic = !h.reasons.empty();
  }
  return h;
}

std::string PlayGame::record() const { return write_record(*match_, session_json(session_)); }

}  // namespace whist::cli
