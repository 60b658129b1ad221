// `whist play` without a terminal: reading typed input, the session field of the save file, and
// the game behind the screen (determinism, undo, resume).
#include <gtest/gtest.h>
#include <chrono>

#include <algorithm>
#include <sstream>

#include "cli/play_game.h"
#include "cli/play_input.h"
#include "cli/play_screen.h"
#include "core/rng.h"
#include "core/text.h"
#include "game/record.h"
#include "rules/contracts.h"
#include "rules/options.h"
#include "rules/presets.h"

namespace whist::cli {
namespace {

Card card(const char* text) { return *parse_card(text); }

InputContext playing(std::vector<Card> hand) {
  InputContext ctx;
  ctx.phase = Phase::Playing;
  ctx.hand = std::move(hand);
  return ctx;
}

InputContext phase(Phase p, Family f = Family::ExactBid, std::vector<Action> legal = {}) {
  InputContext ctx;
  ctx.phase = p;
  ctx.family = f;
  ctx.legal = std::move(legal);
  return ctx;
}

Action read_ok(std::string_view text, const InputContext& ctx) {
  const Input in = parse_input(text, ctx);
  EXPECT_EQ(in.error, "") << text;
  EXPECT_EQ(in.command, Command::None) << text;
  return in.action.value_or(Action());
}

std::string read_error(std::string_view text, const InputContext& ctx) {
  const Input in = parse_input(text, ctx);
  EXPECT_FALSE(in.action.has_value()) << text;
  return in.error;
}

TEST(PlayInput, CardsInEveryWrittenForm) {
  for (const char* text : {"QH", "qh", "Qh", "qH", " q h ", "Q♥", "q♡"}) {
    EXPECT_EQ(read_card(text), card("QH")) << text;
  }
  for (const char* text : {"10h", "10H", "TH", "th", "10♥", "t♥", "10 h"}) {
    EXPECT_EQ(read_card(text), card("TH")) << text;
  }
  EXPECT_EQ(read_card("2♣"), card("2C"));
  EXPECT_EQ(read_card("x2"), Card::joker(1));
  for (const char* text : {"", "Q", "1H", "11H", "QX", "QHH", "Q H S", "♥", "Q♥♥"}) {
    EXPECT_EQ(read_card(text), std::nullopt) << text;
  }
}

TEST(PlayInput, ACardByTextOrByItsNumberInTheShownHand) {
  const InputContext ctx = playing({card("AS"), card("TS"), card("KH"), card("2C")});
  EXPECT_EQ(read_ok("10s", ctx), Action::play(card("TS")));
  EXPECT_EQ(read_ok("kh", ctx), Action::play(card("KH")));
  EXPECT_EQ(read_ok("1", ctx), Action::play(card("AS")));
  EXPECT_EQ(read_ok(" 4 ", ctx), Action::play(card("2C")));
  EXPECT_EQ(read_ok("play 2c", ctx), Action::play(card("2C")));
  // A card not in the hand is read; the rules refuse it afterwards ("card not in hand").
  EXPECT_EQ(read_ok("QD", ctx), Action::play(card("QD")));
  EXPECT_EQ(read_error("5", ctx), "there is no card number 5: your cards are 1 to 4");
  EXPECT_EQ(read_error("0", ctx), "there is no card number 0: your cards are 1 to 4");
  EXPECT_EQ(read_error("zz", ctx),
            "cannot read 'zz': type a card such as QH or 10h, or its number in your hand "
            "(help lists the commands)");
}

TEST(PlayInput, PassingAndDiscardingPickCardsOfTheHand) {
  InputContext ctx = playing({card("AS"), card("KH")});
  ctx.phase = Phase::Passing;
  EXPECT_EQ(read_ok("2", ctx), Action::pass_card(card("KH")));
  EXPECT_EQ(read_ok("as", ctx), Action::pass_card(card("AS")));
  ctx.phase = Phase::Discard;
  EXPECT_EQ(read_ok("1", ctx), Action::discard(card("AS")));
  EXPECT_EQ(read_ok("K♥", ctx), Action::discard(card("KH")));
}

TEST(PlayInput, BidsAndZeroPlay) {
  const InputContext ctx = phase(Phase::Bidding);
  EXPECT_EQ(read_ok("0", ctx), Action::bid(0));
  EXPECT_EQ(read_ok("13", ctx), Action::bid(13));
  EXPECT_EQ(read_ok("bid 2", ctx), Action::bid(2));
  EXPECT_EQ(read_ok("zero", ctx), Action::announce_zero());
  EXPECT_EQ(read_error("two", ctx),
            "cannot read 'two': type your bid as a number of tricks (help lists the commands)");
}

// A number past the action codes never reaches the rules, yet it is refused as they refuse a bid
// past the hand, with the range: the hand's size, or the largest legal bid where the hand is not
// shown (forehead). It once said only "bid 99 is out of range".
TEST(PlayInput, ABidPastTheActionCodesIsRefusedWithTheRange) {
  InputContext ctx = phase(Phase::Bidding);
  ctx.hand = {card("AS"), card("KH"), card("2C")};
  ctx.legal = {Action::bid(0), Action::bid(1), Action::bid(3)};  // the hook forbids 2
  EXPECT_EQ(read_error("99", ctx), "bid 99 out of range 0-3");
  EXPECT_EQ(read_error("-1", ctx), "bid -1 out of range 0-3");
  EXPECT_EQ(read_error("bid 100000", ctx), "bid 100000 out of range 0-3");
  ctx.hand.clear();
  ctx.legal = {Action::bid(0), Action::bid(1), Action::bid(2), Action::bid(4)};
  EXPECT_EQ(read_error("64", ctx), "bid 64 out of range 0-4");
  EXPECT_EQ(read_ok("63", ctx), Action::bid(63));  // the rules refuse it: "bid 63 out of range 0-4"
}

// What is quoted back cannot drive the terminal (an escape sequence in a pasted line) nor fill
// the screen (three megabytes of noise on one line, which it once did).
TEST(PlayInput, WhatIsQuotedBackIsEscapedAndCutShort) {
  const InputContext ctx = phase(Phase::Bidding);
  EXPECT_EQ(read_error("\x1b[2Jtwo", ctx),
            "cannot read '\\x1b[2Jtwo': type your bid as a number of tricks (help lists the "
            "commands)");
  const std::string error = read_error(std::string(3000000, 'x'), ctx);
  EXPECT_EQ(error, "cannot read '" + std::string(60, 'x') +
                       "'... (3000000 bytes): type your bid as a number of tricks (help lists the "
                       "commands)");
}

TEST(PlayInput, IsraeliAuctionCalls) {
  const InputContext ctx = phase(Phase::Auction, Family::Israeli);
  EXPECT_EQ(read_ok("pass", ctx), Action::pass());
  EXPECT_EQ(read_ok("P", ctx), Action::pass());
  EXPECT_EQ(read_ok("6s", ctx), Action::auction_bid(6, Suit::Spades));
  EXPECT_EQ(read_ok("6 ♥", ctx), Action::auction_bid(6, Suit::Hearts));
  EXPECT_EQ(read_ok("7NT", ctx), Action::auction_bid(7, Suit::None));
  EXPECT_EQ(read_ok("7 nt", ctx), Action::auction_bid(7, Suit::None));
  EXPECT_EQ(read_ok("auction 5c", ctx), Action::auction_bid(5, Suit::Clubs));
  EXPECT_EQ(read_error("6", ctx), "name the trump too: e.g. 6S, 6H or 6NT");
  EXPECT_EQ(read_error("14S", ctx), "bid 14 out of range: at most 13");
  EXPECT_NE(read_error("6X", ctx).find("cannot read '6X'"), std::string::npos);
}

TEST(PlayInput, CallAceContractsAndSteps) {
  const InputContext auction = phase(Phase::Auction, Family::CallAce);
  EXPECT_EQ(read_ok("8", auction), Action::contract(*parse_contract("8")));
  EXPECT_EQ(read_ok("8  Good", auction), Action::contract(*parse_contract("8 good")));
  EXPECT_EQ(read_ok("clean sun", auction), Action::contract(*parse_contract("clean sun")));
  EXPECT_EQ(read_ok("pass", auction), Action::pass());
  EXPECT_NE(read_error("8 plus", auction).find("type a contract such as 8"), std::string::npos);

  const std::vector<Action> trumps = {Action::choose_trump(Suit::Clubs),
                                      Action::choose_trump(Suit::Hearts)};
  const InputContext trump = phase(Phase::ChooseTrump, Family::CallAce, trumps);
  EXPECT_EQ(read_ok("h", trump), Action::choose_trump(Suit::Hearts));
  EXPECT_EQ(read_ok("♠", trump), Action::choose_trump(Suit::Spades));
  EXPECT_EQ(read_ok("clubs", trump), Action::choose_trump(Suit::Clubs));
  EXPECT_EQ(read_ok("2", trump), Action::choose_trump(Suit::Hearts));
  EXPECT_EQ(read_error("3", trump), "there is no choice 3: pick 1 to 2");

  const InputContext turn =
      phase(Phase::TurnKitty, Family::CallAce, {Action::accept_trump(), Action::turn_next()});
  EXPECT_EQ(read_ok("accept", turn), Action::accept_trump());
  EXPECT_EQ(read_ok("turn", turn), Action::turn_next());
  EXPECT_EQ(read_ok("2", turn), Action::turn_next());

  const InputContext call =
      phase(Phase::CallCard, Family::CallAce, {Action::call(card("AD")), Action::call(card("AH"))});
  EXPECT_EQ(read_ok("ah", call), Action::call(card("AH")));
  EXPECT_EQ(read_ok("1", call), Action::call(card("AD")));

  const InputContext kitty =
      phase(Phase::Exchange, Family::CallAce, {Action::take_kitty(), Action::keep_hand()});
  EXPECT_EQ(read_ok("keep", kitty), Action::keep_hand());
  EXPECT_EQ(read_ok("take", kitty), Action::take_kitty());
  EXPECT_EQ(read_ok("1", kitty), Action::take_kitty());
}

TEST(PlayInput, OneCardModes) {
  const InputContext ctx =
      phase(Phase::ChooseMode, Family::ExactBid,
            {Action::choose_mode(OneCardMode::Regular), Action::choose_mode(OneCardMode::Forehead),
             Action::choose_mode(OneCardMode::Blind)});
  EXPECT_EQ(read_ok("forehead", ctx), Action::choose_mode(OneCardMode::Forehead));
  EXPECT_EQ(read_ok("B", ctx), Action::choose_mode(OneCardMode::Blind));
  EXPECT_EQ(read_ok("1", ctx), Action::choose_mode(OneCardMode::Regular));
  EXPECT_EQ(read_error("4", ctx), "there is no choice 4: pick 1 to 3");
}

TEST(PlayInput, Commands) {
  const InputContext ctx = playing({card("AS")});
  EXPECT_EQ(parse_input("help", ctx).command, Command::Help);
  EXPECT_EQ(parse_input(" HINT ", ctx).command, Command::Hint);
  EXPECT_EQ(parse_input("undo", ctx).command, Command::Undo);
  EXPECT_EQ(parse_input("last", ctx).command, Command::Last);
  EXPECT_EQ(parse_input("sheet", ctx).command, Command::Sheet);
  EXPECT_EQ(parse_input("quit", ctx).command, Command::Quit);
  EXPECT_EQ(parse_input("", ctx).error, "type a move, or help for the commands");
  EXPECT_NE(help_text(ctx, false).find("undo"), std::string::npos);
  // Regression: "Q♥" was written to terminals of other charsets, and lines wrapped at 80 columns.
  EXPECT_EQ(help_text(ctx, false).find("♥"), std::string::npos);
  EXPECT_NE(help_text(ctx, true).find("Q♥"), std::string::npos);
  std::stringstream lines(help_text(ctx, true));
  for (std::string line; std::getline(lines, line);) {
    EXPECT_LE(display_width(line), 80u) << line;
  }
  // Regression: a Call-Ace hand showed X1 and nothing said what it was.
  EXPECT_EQ(help_text(ctx, true).find("X1"), std::string::npos);
  InputContext with_jokers = ctx;
  with_jokers.jokers = true;
  const std::string help = help_text(with_jokers, true);
  EXPECT_NE(help.find("Jokers are X1, X2 and X3"), std::string::npos) << help;
  std::stringstream joker_lines(help);
  for (std::string line; std::getline(joker_lines, line);) {
    EXPECT_LE(display_width(line), 80u) << line;
  }
}

TEST(PlayInput, HandsAreShownBySuitHighestFirst) {
  CardSet hand;
  for (const char* c : {"2C", "AS", "TH", "KH", "9S", "QD", "AC"}) hand |= card(c);
  std::vector<std::string> shown;
  for (Card c : display_order(hand)) shown.push_back(to_string(c));
  EXPECT_EQ(shown, (std::vector<std::string>{"AS", "9S", "KH", "TH", "QD", "AC", "2C"}));
}

TEST(PlayScreen, CardsAsLettersOrSymbols) {
  EXPECT_EQ(card_text(card("TH"), Style{}), "10H");
  EXPECT_EQ(card_text(card("QS"), Style{true, false}), "Q♠");
  EXPECT_EQ(card_text(card("QH"), Style{true, true}), "\033[31mQ♥\033[39m");
  EXPECT_EQ(card_text(card("QS"), Style{true, true}), "Q♠");
  EXPECT_EQ(action_text(Action::auction_bid(6, Suit::None), Style{}), "6NT");
}

// A bot's reasons use record cards; the hint shows them as the hand does (regression: "TH"
// beside a hand that said 10H). Only words of a rank and a suit in capitals are cards.
TEST(PlayScreen, ReasonsShowCardsAsTheHandDoes) {
  EXPECT_EQ(cards_restyled("TH: holds the trick 0.00, value -3.6", Style{}),
            "10H: holds the trick 0.00, value -3.6");
  EXPECT_EQ(cards_restyled("choice: play TS", Style{true, false}), "choice: play 10♠");
  EXPECT_EQ(cards_restyled("counted as sure; AS KS and 2C, then TH.", Style{}),
            "counted as sure; AS KS and 2C, then 10H.");
  EXPECT_EQ(cards_restyled("bid 2: expected score 3.86; X1 and 6NT and THE and 9HS", Style{}),
            "bid 2: expected score 3.86; X1 and 6NT and THE and 9HS");
}

// A refusal's reason shows its cards and suits as the screen does (regression: "Not allowed: 9♥:
// must follow suit D" and "5♠: bid 5S does not beat 5NT" beside a screen of symbols).
TEST(PlayScreen, RefusalsShowCardsAndSuitsAsTheScreenDoes) {
  const Style symbols{true, false};
  EXPECT_EQ(reason_restyled("must follow suit D", symbols), "must follow suit ♦");
  EXPECT_EQ(reason_restyled("must trump C (void in H)", symbols), "must trump ♣ (void in ♥)");
  EXPECT_EQ(reason_restyled("bid 5S does not beat 5NT", symbols), "bid 5♠ does not beat 5NT");
  // A bid of two digits too (regression: "bid 10S does not beat 10S").
  EXPECT_EQ(reason_restyled("bid 10S does not beat 13NT", symbols), "bid 10♠ does not beat 13NT");
  EXPECT_EQ(reason_restyled("bid 12C does not beat 12D", symbols), "bid 12♣ does not beat 12♦");
  EXPECT_EQ(reason_restyled("must trump C (void in H)", Style{}), "must trump C (void in H)");
  EXPECT_EQ(reason_restyled("Does not beat an S-bid: DS", symbols), "Does not beat an S-bid: DS");
}

// ---------------------------------------------------------------------------------------------
// The session and the game

TEST(PlaySession, RoundTripAndErrors) {
  PlaySession s;
  s.seed = 18446744073709551615ull;
  s.seats = {"human", "expert:easy", "heuristic"};
  s.hint = "heuristic";
  PlaySession back;
  ASSERT_EQ(parse_session(session_json(s), 3, back), "");
  EXPECT_EQ(back.seed, s.seed);
  EXPECT_EQ(back.seats, s.seats);
  EXPECT_EQ(back.hint, s.hint);
  EXPECT_EQ(parse_session(session_json(s), 4, back),
            "\"session\": \"seats\" must list 4 seats, each \"human\" or a bot spec");
  EXPECT_EQ(parse_session(R"({"seed": -1, "seats": []})", 0, back),
            "\"session\": \"seed\" must be a whole number from 0 to 2^64-1");
  EXPECT_EQ(parse_session(R"({"seed": 1, "seats": [], "x": 1})", 0, back),
            "\"session\": unknown field \"x\"");
  // Regression: a file of bots only was resumed, and played on to the end unattended.
  EXPECT_EQ(parse_session(R"({"seed": 1, "seats": ["random", "random", "random"]})", 3, back),
            "\"session\": \"seats\" has no \"human\": someone plays at the keyboard");
}

// Regression: a saved game with two players of one name was resumed, where a new game refuses it.
TEST(PlaySession, AGameWithTwoPlayersOfOneNameIsNotResumed) {
  const std::string session = R"({"seed": 7, "seats": ["human", "random", "random"]})";
  std::string error;
  Match twice(*make_preset("romanian", 3), {"Ann", "Bot1", "Bot1"}, 0);
  EXPECT_EQ(PlayGame::resume(write_record(twice, session), error, false), nullptr);
  EXPECT_EQ(error, "\"players\": 'Bot1' is named twice, and the two could not be told apart");
  Match once(*make_preset("romanian", 3), {"Ann", "Bot1", "Bot2"}, 0);
  EXPECT_NE(PlayGame::resume(write_record(once, session), error, false), nullptr) << error;
}

TEST(PlaySession, RecordsCarryTheSession) {
  Match m(*make_preset("romanian", 3), {"A", "B", "C"}, 0);
  const std::string text =
      write_record(m, R"({"seed": 7, "seats": ["human", "random", "random"]})");
  EXPECT_NE(text.find("\n  \"session\": {\"seed\": 7, \"seats\": [\"human\", \"random\", "
                      "\"random\"]},\n"),
            std::string::npos)
      << text;
  const ReplayResult r = replay_record(text);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.session, R"({"seed": 7, "seats": ["human", "random", "random"]})");
  EXPECT_EQ(write_record(*r.match, r.session), text);
  EXPECT_EQ(replay_record(write_record(m)).session, "");
  std::string bad = text;
  const std::string session = R"({"seed": 7, "seats": ["human", "random", "random"]})";
  bad.replace(bad.find(session), session.size(), "[1]");
  EXPECT_EQ(replay_record(bad).error, "\"session\" must be an object");
}

// A human who always takes the `k`-th legal action (k from the deal's action count), so that two
// games fed the same choices can be compared.
Action human_choice(const PlayGame& g) {
  const ActionList legal = g.match().state().legal_actions();
  const size_t k = g.match().log().back().actions.size();
  return legal.items[static_cast<int>(k % static_cast<size_t>(legal.size))];
}

// Plays until the match ends or `stop` human actions were taken; returns the human actions.
int play_on(PlayGame& g, int stop) {
  int human = 0;
  while (!g.match().finished() && human < stop) {
    if (!g.match().in_deal()) {
      g.deal();
      continue;
    }
    if (g.is_human(g.match().state().to_move())) {
      g.apply(human_choice(g));
      ++human;
    } else {
      g.apply(g.bot_action());
    }
  }
  return human;
}

// The expert (at its fastest) in the exact-bid games, whose search draws random worlds; the
// heuristic alone in the 13-card auction games, to stay fast.
std::unique_ptr<PlayGame> new_game(const std::string& variant, std::vector<std::string> options,
                                   uint64_t seed) {
  Rules rules = *make_preset(variant, 4);
  for (const auto& o : options) EXPECT_EQ(set_option(rules, o), "");
  PlaySession s;
  s.seed = seed;
  const bool search = rules.family == Family::ExactBid;
  s.seats = {"human", "heuristic", search ? "expert:easy" : "heuristic", "heuristic"};
  s.hint = "heuristic";
  std::string error;
  auto g = PlayGame::start(rules, {"You", "Bot1", "Bot2", "Bot3"}, 1, s, error);
  EXPECT_EQ(error, "");
  return g;
}

TEST(PlayGame, TheSeedDecidesEverything) {
  auto a = new_game("romanian", {"schedule=3,3"}, 42);
  auto b = new_game("romanian", {"schedule=3,3"}, 42);
  auto c = new_game("romanian", {"schedule=3,3"}, 43);
  play_on(*a, 1000);
  play_on(*b, 1000);
  play_on(*c, 1000);
  ASSERT_TRUE(a->match().finished());
  EXPECT_EQ(a->record(), b->record());
  EXPECT_NE(a->record(), c->record());
}

TEST(PlayGame, ResumingMidDealGoesOnAsIfNeverStopped) {
  for (const std::string variant : {"romanian", "israeli", "call-ace"}) {
    SCOPED_TRACE(variant);
    const std::vector<std::string> options = variant == "romanian"
                                                 ? std::vector<std::string>{"schedule=4,4"}
                                                 : std::vector<std::string>{"end=deals", "deals=2"};
    auto whole = new_game(variant, options, 5);
    play_on(*whole, 1000);
    for (int stop : {1, 3, 6}) {
      auto part = new_game(variant, options, 5);
      play_on(*part, stop);
      std::string error;
      auto resumed = PlayGame::resume(part->record(), error);
      ASSERT_NE(resumed, nullptr) << error;
      play_on(*resumed, 1000);
      EXPECT_EQ(resumed->record(), whole->record()) << "stopped after " << stop;
    }
  }
}

TEST(PlayGame, UndoTakesBackTheHumansLastActionAndWhatFollowed) {
  auto g = new_game("romanian", {"schedule=3,3"}, 9);
  EXPECT_EQ(g->undo(), "nothing to undo: you have not played yet");
  play_on(*g, 2);
  const std::vector<DealLog> before = g->match().log();
  // The state right before the second human action, rebuilt by a game stopped there.
  auto ref = new_game("romanian", {"schedule=3,3"}, 9);
  play_on(*ref, 1);
  while (!ref->is_human(ref->match().state().to_move())) ref->apply(ref->bot_action());
  ASSERT_EQ(g->undo(), "");
  EXPECT_EQ(g->record(), ref->record());
  EXPECT_TRUE(g->is_human(g->match().state().to_move()));
  // Going on the same way gives the same game again: the bots are deterministic.
  play_on(*g, 1000);
  auto again = new_game("romanian", {"schedule=3,3"}, 9);
  play_on(*again, 1000);
  EXPECT_EQ(g->record(), again->record());
}

// Regression: an external engine's new-deal SEED was a hash of its first view in the deal, and a
// game resumed or undone mid-deal tells the deal again: with a later view's hash, so an engine
// that draws its choices from SEED and the view played otherwise than in the game not stopped.
// The SEED is now made from the view of the deal as dealt, the same whenever it is told.
TEST(PlayGame, AnEngineSeededFromNewDealGoesOnAlikeAfterResumeAndUndo) {
  const auto game = [] {
    PlaySession s;
    s.seed = 11;
    s.seats = {
        "human",
        std::string("ext:python3 '") + WHIST_SOURCE_DIR + "/tests/data/engines/seeded_random.py'",
        "heuristic", "heuristic"};
    s.hint = "heuristic";
    Rules rules = *make_preset("romanian", 4);
    EXPECT_EQ(set_option(rules, "schedule=5,5"), "");
    std::string error;
    auto g = PlayGame::start(rules, {"You", "Bot1", "Bot2", "Bot3"}, 0, s, error);
    EXPECT_NE(g, nullptr) << error;
    return g;
  };
  auto whole = game();
  play_on(*whole, 1000);
  ASSERT_TRUE(whole->match().finished());
  // Stopped where the engine (seat 1, after the human) has made decisions in the deal under way.
  for (int stop : {2, 3, 4, 8}) {
    SCOPED_TRACE(stop);
    auto part = game();
    play_on(*part, stop);
    ASSERT_TRUE(part->match().in_deal());
    std::string error;
    auto resumed = PlayGame::resume(part->record(), error, true);
    ASSERT_NE(resumed, nullptr) << error;
    play_on(*resumed, 1000);
    EXPECT_EQ(resumed->record(), whole->record());
    // Undo: the human takes back its last action and takes it again, as it always does.
    auto undone = game();
    play_on(*undone, stop);
    ASSERT_EQ(undone->undo(), "");
    play_on(*undone, 1000);
    EXPECT_EQ(undone->record(), whole->record());
  }
}

// A human and three experts, `expert` their spec.
std::unique_ptr<PlayGame> experts_game(const std::string& variant,
                                       const std::vector<std::string>& options,
                                       const std::string& expert, uint64_t seed) {
  Rules rules = *make_preset(variant, 4);
  for (const auto& o : options) EXPECT_EQ(set_option(rules, o), "");
  PlaySession s;
  s.seed = seed;
  s.seats = {"human", expert, expert, expert};
  s.hint = "heuristic";
  std::string error;
  auto g = PlayGame::start(rules, {"You", "Bot1", "Bot2", "Bot3"}, 0, s, error);
  EXPECT_NE(g, nullptr) << error;
  return g;
}

// Every action of the game, deal by deal.
std::vector<std::vector<Action>> actions_of(const PlayGame& g) {
  std::vector<std::vector<Action>> out;
  for (const DealLog& d : g.match().log()) out.push_back(d.actions);
  return out;
}

// Regression: the expert carries its worlds from one decision to the next in a deal, but whist
// play reseeded it as at a new deal before every decision, which dropped them: it played as
// carry=0 (no decision of 258 unlike, where the arena's expert chose otherwise in 37). It keeps
// them now, and a game resumed or undone mid-deal asks each expert its earlier decisions of the
// deal again, so that it goes on as the game not stopped.
TEST(PlayGame, TheExpertCarriesItsWorldsAndGoesOnAlikeAfterResumeAndUndo) {
  const std::vector<std::string> options = {"schedule=6,6"};
  auto whole = experts_game("romanian", options, "expert:easy", 8);
  play_on(*whole, 1000);
  ASSERT_TRUE(whole->match().finished());
  auto fresh = experts_game("romanian", options, "expert:easy:carry=0", 8);
  play_on(*fresh, 1000);
  EXPECT_NE(actions_of(*whole), actions_of(*fresh)) << "the worlds carried change nothing";
  for (int stop : {2, 3, 5, 6, 8}) {
    SCOPED_TRACE(stop);
    auto part = experts_game("romanian", options, "expert:easy", 8);
    play_on(*part, stop);
    ASSERT_TRUE(part->match().in_deal());
    std::string error;
    auto resumed = PlayGame::resume(part->record(), error);
    ASSERT_NE(resumed, nullptr) << error;
    play_on(*resumed, 1000);
    EXPECT_EQ(resumed->record(), whole->record());
    // Undo: the human takes back its last action and takes it again, as it always does.
    auto undone = experts_game("romanian", options, "expert:easy", 8);
    play_on(*undone, stop);
    ASSERT_EQ(undone->undo(), "");
    play_on(*undone, 1000);
    EXPECT_EQ(undone->record(), whole->record());
  }
}

const std::string kUndoRefused =
    "undo cannot go back to a choice made before you saw cards you have seen since (your hand "
    "after a blind bid, a forehead card, cards passed to you, the kitty)";

// Regression: undo went back to a forehead deal's bid after its card had been played, and to a
// blind bid after the hand was shown: the choice taken again, knowing the cards.
TEST(PlayGame, UndoDoesNotGoBackBeforeCardsSeenSince) {
  const std::string refused = kUndoRefused;
  // Plays the human's bid and the bots after it, up to the human's card.
  const auto to_the_play = [](PlayGame& g) {
    play_on(g, 1);
    while (!g.is_human(g.match().state().to_move())) g.apply(g.bot_action());
    ASSERT_EQ(g.match().state().phase(), Phase::Playing);
  };
  // Forehead: back to the bid while the card is unseen, not once it is played.
  auto g = new_game("romanian", {"schedule=1,1", "one_card_mode=forehead"}, 3);
  to_the_play(*g);
  EXPECT_EQ(g->undo(), "");
  to_the_play(*g);
  g->apply(human_choice(*g));  // the card, now seen
  EXPECT_EQ(g->undo(), refused);
  // Blind: the hand is shown once the bids are made.
  g = new_game("romanian", {"schedule=1,1", "one_card_mode=blind"}, 3);
  to_the_play(*g);
  EXPECT_EQ(g->undo(), refused);
  // The dealer's choice of the mode, before any card is seen: not once the forehead deal shows
  // the others' cards (a review found it).
  g = new_game("romanian", {"schedule=1,1,1,1", "one_card_mode=dealer"}, 3);
  while (!(g->match().in_deal() && g->match().state().phase() == Phase::ChooseMode &&
           g->is_human(g->match().state().to_move()))) {
    ASSERT_FALSE(g->match().finished());
    if (!g->match().in_deal()) {
      g->deal();
    } else {
      g->apply(g->is_human(g->match().state().to_move()) ? human_choice(*g) : g->bot_action());
    }
  }
  g->apply(Action::choose_mode(OneCardMode::Forehead));
  while (!g->is_human(g->match().state().to_move())) g->apply(g->bot_action());
  EXPECT_EQ(g->undo(), refused);
  // A regular deal: undo as ever.
  g = new_game("romanian", {"schedule=1,1"}, 3);
  to_the_play(*g);
  EXPECT_EQ(g->undo(), "");
}

// Plays the first deal of `variant` with the human (seat 0) choosing by `choose` and three
// heuristic bots, until `stop` holds at a human decision; whether it did, over seeds 1 to 60.
template <typename Choose, typename Stop>
std::unique_ptr<PlayGame> game_until(const std::string& variant, Choose choose, Stop stop) {
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    PlaySession s;
    s.seed = seed;
    s.seats = {"human", "heuristic", "heuristic", "heuristic"};
    s.hint = "heuristic";
    std::string error;
    auto g =
        PlayGame::start(*make_preset(variant, 4), {"You", "Bot1", "Bot2", "Bot3"}, 0, s, error);
    EXPECT_NE(g, nullptr) << error;
    g->deal();
    while (g->match().in_deal() && g->match().deal_index() == 0) {
      if (!g->is_human(g->match().state().to_move())) {
        g->apply(g->bot_action());
      } else if (stop(*g)) {
        return g;
      } else {
        g->apply(choose(*g));
      }
    }
  }
  return nullptr;
}

// Regression (an audit): undo went back before cards the player was shown since otherwise than
// by play, Israeli cards passed to it and Call-Ace kitty cards turned up, and chose again knowing
// them.
TEST(PlayGame, UndoDoesNotGoBackBeforeCardsPassedOrTurnedUp) {
  const auto received = [](const PlayGame& g) { return g.match().view(0).received.size(); };
  // Israeli: the human passes in every auction; once a passing round is over, the cards it
  // received are known, and undo may not go back before it. Within a round it may.
  // The first of `wanted` that is legal, else the first legal action.
  const auto preferring = [](std::vector<Action> wanted) {
    return [wanted](const PlayGame& g) {
      const ActionList legal = g.match().state().legal_actions();
      for (const Action a : wanted) {
        if (legal.contains(a)) return a;
      }
      return legal.items[0];
    };
  };
  const auto passing = preferring({Action::pass()});
  auto g = game_until("israeli", passing, [&](const PlayGame& at) {
    return at.match().state().phase() == Phase::Passing && !at.match().view(0).choosing.empty();
  });
  ASSERT_NE(g, nullptr) << "no passing round in 60 deals";
  EXPECT_EQ(g->undo(), "");  // back to the round's first card, nothing received yet
  g = game_until("israeli", passing, [&](const PlayGame& at) { return received(at) > 0; });
  ASSERT_NE(g, nullptr) << "no passing round in 60 deals";
  const std::string before = g->record();
  EXPECT_EQ(g->undo(), kUndoRefused);
  EXPECT_EQ(g->record(), before);  // nothing changed
  // Call-Ace: the human bids 7 Turn; as declarer it is shown the turned kitty card and may not go
  // back to its bid.
  const Action turn = Action::contract(*parse_contract("7 turn"));
  g = game_until("call-ace", preferring({turn, Action::pass()}),
                 [](const PlayGame& at) { return at.match().state().phase() == Phase::TurnKitty; });
  ASSERT_NE(g, nullptr) << "the human never declared 7 turn";
  ASSERT_FALSE(g->match().view(0).kitty_seen.empty());
  EXPECT_EQ(g->undo(), kUndoRefused);
}

// Regression (an audit): the screen said "partner secret" to a Call-Ace declarer that called its
// own card, and to everyone once it had played that card: it plays alone, and they know it.
TEST(PlayScreen, ADeclarerKnownToPlayAloneHasNoSecretPartner) {
  Match m(*make_preset("call-ace"), {"a", "b", "c", "d"}, 3);
  Hands h{};
  const std::array<const char*, 4> suits = {"S", "H", "D", "C"};
  for (int p = 0; p < 4; ++p) {
    for (const char* rank : {"A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"}) {
      h[static_cast<size_t>(p)].insert(
          *parse_card(std::string(rank) + suits[static_cast<size_t>(p)]));
    }
  }
  ASSERT_EQ(m.deal_given(h, kNoCard, {Card::joker(0), Card::joker(1), Card::joker(2)}), "");
  for (const Action a :
       {Action::contract(*parse_contract("7 sense")), Action::pass(), Action::pass(),
        Action::pass(), Action::call(*parse_card("AS")), Action::keep_hand()}) {
    ASSERT_EQ(m.why_illegal(a), "") << to_string(a);
    m.apply(a);
  }
  const auto screen = [&](int seat) { return status_text(m, seat, {}); };
  EXPECT_NE(screen(0).find("called AS, declarer alone"), std::string::npos) << screen(0);
  EXPECT_EQ(screen(0).find("secret"), std::string::npos) << screen(0);
  EXPECT_NE(screen(1).find("partner secret"), std::string::npos) << screen(1);
  EXPECT_NE(screen(1).find("(without the secret partner's)"), std::string::npos) << screen(1);
  // Whether the kitty was taken is public, on every screen (regression, from an audit).
  EXPECT_NE(screen(2).find("kitty not taken"), std::string::npos) << screen(2);
  const Card ace = *parse_card("AS");
  while (m.view(1).plays.empty() || m.view(1).plays.back().card != ace) {
    const ActionList legal = m.state().legal_actions();
    m.apply(legal.contains(Action::play(ace)) ? Action::play(ace) : legal.items[0]);
  }
  ASSERT_TRUE(m.in_deal());
  for (int seat = 0; seat < 4; ++seat) {
    EXPECT_NE(screen(seat).find("declarer alone"), std::string::npos) << screen(seat);
    EXPECT_EQ(screen(seat).find("secret"), std::string::npos) << screen(seat);
  }
}

// Regression (an audit): the screen told the last Israeli passing round only; the earlier ones
// were told nowhere else at one keyboard.
TEST(PlayScreen, EveryIsraeliPassingRoundIsShown) {
  Match m(*make_preset("israeli"), {"a", "b", "c", "d"}, 3);
  Rng rng(4);
  m.deal_random(rng);
  // Everyone passes the auction, then the first cards offered are passed, twice.
  for (int round = 0; round < 2; ++round) {
    while (m.state().phase() == Phase::Auction) m.apply(Action::pass());
    ASSERT_EQ(m.state().phase(), Phase::Passing);
    while (m.state().phase() == Phase::Passing) m.apply(m.state().legal_actions().items[0]);
  }
  const PlayerView v = m.view(0);
  ASSERT_EQ(v.received.size(), 2u);
  const std::string screen = status_text(m, 0, {});
  for (size_t r = 0; r < 2; ++r) {
    const std::string head = "Round " + std::to_string(r + 1) + ": you passed ";
    const size_t at = screen.find(head);
    ASSERT_NE(at, std::string::npos) << head << "\n" << screen;
    const std::string line = screen.substr(at, screen.find('\n', at) - at);
    EXPECT_NE(line.find(" to b and received "), std::string::npos) << line;
    for (const Card c : v.passed[r]) EXPECT_NE(line.find(card_text(c, {})), std::string::npos);
    for (const Card c : v.received[r]) EXPECT_NE(line.find(card_text(c, {})), std::string::npos);
  }
}

TEST(PlayGame, UndoNeedsAGameAgainstBotsOnly) {
  PlaySession s;
  s.seats = {"human", "human", "heuristic"};
  std::string error;
  auto g = PlayGame::start(*make_preset("romanian", 3), {"A", "B", "C"}, 0, s, error);
  ASSERT_NE(g, nullptr) << error;
  EXPECT_EQ(g->undo(), "undo is only for a game against bots (there are other humans here)");
}

// Regression: a game's engines were stopped one after another, each given a second to exit
// after `quit`, so ending a game against three engines that ignore it took three seconds.
TEST(PlayGame, EnginesThatIgnoreQuitAreStoppedTogether) {
  const std::string engine =
      std::string("ext:sh '") + WHIST_SOURCE_DIR + "/tests/data/engines/ignores_quit.sh'";
  PlaySession s;
  s.seats = {engine, engine, engine, "human"};
  s.hint = "heuristic";
  std::string error;
  auto g = PlayGame::start(*make_preset("romanian", 4), {"A", "B", "C", "D"}, 3, s, error);
  ASSERT_NE(g, nullptr) << error;
  g->deal();
  // Seat 3 deals, so seats 0 to 2, the engines, bid first.
  for (int i = 0; i < 3; ++i) {
    ASSERT_FALSE(g->is_human(g->match().state().to_move()));
    g->apply(g->bot_action());
  }
  const auto start = std::chrono::steady_clock::now();
  g.reset();
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(secs, 2.5);  // one second's grace for the three together (3 s and more before)
}

TEST(PlayGame, BadSpecsAndRecordsAreRefused) {
  PlaySession s;
  s.seats = {"human", "nobot", "random"};
  std::string error;
  EXPECT_EQ(PlayGame::start(*make_preset("romanian", 3), {"A", "B", "C"}, 0, s, error), nullptr);
  EXPECT_NE(error.find("unknown bot 'nobot'"), std::string::npos) << error;
  Match m(*make_preset("romanian", 3), {"A", "B", "C"}, 0);
  EXPECT_EQ(PlayGame::resume(write_record(m), error), nullptr);
  EXPECT_EQ(error, "the record has no \"session\" field: it was not saved by whist play");
  EXPECT_EQ(PlayGame::resume("{", error), nullptr);
  EXPECT_NE(error.find("not JSON"), std::string::npos);
}

TEST(PlayGame, HintsDoNotChangeTheGame) {
  auto a = new_game("romanian", {"schedule=3"}, 11);
  auto b = new_game("romanian", {"schedule=3"}, 11);
  while (!a->match().finished()) {
    if (!a->match().in_deal()) {
      a->deal();
      continue;
    }
    if (a->is_human(a->match().state().to_move())) {
      const Hint h = a->hint();
      EXPECT_EQ(h.bot, "heuristic");
      EXPECT_TRUE(a->match().state().legal_actions().contains(h.action));
      EXPECT_FALSE(h.reasons.empty());
      a->apply(human_choice(*a));
    } else {
      a->apply(a->bot_action());
    }
  }
  play_on(*b, 1000);
  EXPECT_EQ(a->record(), b->record());
}

TEST(PlayGame, TheExpertsHintGivesTheScoreOfEachOptionAndItsChoice) {
  Rules rules = *make_preset("romanian", 4);
  ASSERT_EQ(set_option(rules, "schedule=5"), "");
  PlaySession s;
  s.seed = 3;
  s.seats = {"human", "heuristic", "heuristic", "heuristic"};
  s.hint = "expert:easy";
  std::string error;
  auto g = PlayGame::start(rules, {"You", "Bot1", "Bot2", "Bot3"}, 3, s, error);
  ASSERT_NE(g, nullptr) << error;
  g->deal();
  ASSERT_TRUE(g->is_human(g->match().state().to_move()));  // the first to bid
  const Hint h = g->hint();
  EXPECT_EQ(h.bot, "expert:easy");
  EXPECT_FALSE(h.reasons_from_heuristic);
  EXPECT_NE(h.reasons.find("bid 0: expected score "), std::string::npos) << h.reasons;
  EXPECT_NE(h.reasons.find("bid 5: expected score "), std::string::npos) << h.reasons;
  EXPECT_NE(h.reasons.find("choice: " + to_string(h.action) + "\n"), std::string::npos)
      << h.reasons;
}

}  // namespace
}  // namespace whist::cli
