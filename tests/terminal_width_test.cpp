// Text laid out for a terminal, measured in its columns (core/text.h's display_width): the score
// sheet with wide, combining and joined-emoji names, and with long names on an 80-column terminal
// (3 to 7 players, Call-Ace too); `whist play`'s table of players; the arena's table.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ai/arena.h"
#include "cli/play_screen.h"
#include "core/rng.h"
#include "core/text.h"
#include "forced_deal.h"
#include "game/match.h"
#include "game/sheet.h"
#include "rules/contracts.h"
#include "rules/options.h"
#include "rules/presets.h"
#include "sample_names.h"

namespace whist {
namespace {

using sample_names::kCjk;
using sample_names::kFamily;
using sample_names::kZoe;

// Six names of kMaxPlayerName characters: two alike in their first 20, one with a combining
// accent, one with the family emoji, one of CJK characters (48 columns).
const std::vector<std::string> kLongNames = {
    "Aleksandra Kowalczykówna",    "Bartholomew Ó Súilleabhá",
    kZoe + " Montgomery-Fairweat", kFamily + " Nowakowska-Kowalsk",
    "Aleksandra Kowalczyk-Wiś",    "李小龙李小龙李小龙李小龙李小龙李小龙李小龙李小龙"};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

size_t widest_line(const std::string& text) {
  size_t w = 0;
  for (const std::string& line : lines_of(text)) w = std::max(w, display_width(line));
  return w;
}

Rules exact_bid(int players, std::vector<std::string_view> options) {
  Rules r = *make_preset(players > 6 ? "oh-hell" : "romanian", players);
  EXPECT_EQ(set_option(r, "hook", "off"), "");
  for (std::string_view o : options) EXPECT_EQ(set_option(r, o), "") << o;
  EXPECT_EQ(validate(r), "");
  return r;
}

// Deals of one card: everyone bids 0 and `taker` takes the trick.
void one_card_deal(Match& m, int taker) {
  std::vector<int> tricks(static_cast<size_t>(m.players()), 0);
  tricks[static_cast<size_t>(taker)] = 1;
  test_deals::play_forced_deal(m, std::vector<int>(tricks.size(), 0), tricks, 0, Suit::Hearts);
}

TEST(SheetWidth, WideCombiningAndJoinedNamesKeepTheColumns) {
  const Rules r = exact_bid(4, {"schedule=2,1"});
  Match m(r, {kCjk, kZoe, kFamily, "Bo"}, 3);
  test_deals::play_forced_deal(m, {1, 0, 0, 1}, {1, 0, 0, 1}, 0, Suit::None);
  test_deals::play_forced_deal(m, {1, 1, 0, 1}, {0, 1, 0, 0}, 0, Suit::None);
  // Each name ends over its total, as many columns in as on the terminal.
  EXPECT_EQ(format_sheet(m), "       李小龙      " + kZoe + "       " + kFamily +
                                 "       Bo\n"
                                 "----------------------------------------\n"
                                 " 2 C    1   6    0   5    0   5    1   6\n"
                                 " 1 C    1   5    1  11    0  10    1   5\n"
                                 "----------------------------------------\n"
                                 "winner: " +
                                 kZoe + " (11)\n");
}

// The layout documented in docs/score-format.md ("Long names"): six names of 24 characters.
TEST(SheetWidth, SixNamesOf24CharactersFitEightyColumns) {
  const Rules r = exact_bid(6, {"schedule=1,1,1,1,1", "streak_bonus=5"});
  for (const std::string& name : kLongNames) {
    EXPECT_EQ(code_points(name), kMaxPlayerName) << name;
    EXPECT_EQ(name_refusal(name), "");
  }
  Match m(r, kLongNames, 3);
  for (int k = 0; k < 5; ++k) one_card_deal(m, 5);
  const std::string sheet = format_sheet(m);
  const std::string zoe = kZoe + " Mont", family = kFamily + " Nowak";
  EXPECT_EQ(sheet, "       Aleksa~1   Bartholo   " + zoe + "   " + family +
                       "   Aleksa~5   李小龙李\n" + std::string(70, '-') +
                       "\n"
                       " 1 H    0     5    0     5    0     5    0     5    0     5    0    -1\n"
                       " 1 H    0    10    0    10    0    10    0    10    0    10    0    -2\n"
                       " 1 H    0    15    0    15    0    15    0    15    0    15    0    -3\n"
                       " 1 H    0    20    0    20    0    20    0    20    0    20    0    -4\n"
                       " 1 H    0    30*   0    30*   0    30*   0    30*   0    30*   0    -5\n"
                       "       Aleksa~1 +5, Bartholo +5, " +
                       zoe + " +5, " + family + " +5, Aleksa~5 +5\n" + std::string(70, '-') +
                       "\n"
                       "winners: Aleksandra Kowalczykówna, Bartholomew Ó Súilleabhá,\n"
                       "         " +
                       kLongNames[2] + ", " + kLongNames[3] +
                       ",\n"
                       "         Aleksandra Kowalczyk-Wiś (30)\n"
                       "Aleksa~1 = Aleksandra Kowalczykówna\n"
                       "Bartholo = Bartholomew Ó Súilleabhá\n" +
                       zoe + " = " + kLongNames[2] + "\n" + family + " = " + kLongNames[3] +
                       "\n"
                       "Aleksa~5 = Aleksandra Kowalczyk-Wiś\n"
                       "李小龙李 = " +
                       kLongNames[5] + "\n");
  EXPECT_LE(widest_line(sheet), 80u) << sheet;
}

// Every line within 80 columns, every column headed by a label of its own, every shortened name
// given whole in the legend: 3 to 7 players, names of 24 characters, Latin or CJK.
TEST(SheetWidth, LongNamesFitEightyColumnsFromThreeToSevenPlayers) {
  for (int n = 3; n <= 7; ++n) {
    for (const bool cjk : {false, true}) {
      std::vector<std::string> names;
      for (int p = 0; p < n; ++p) {
        std::string name = cjk ? "王" : "Player";
        while (code_points(name) < kMaxPlayerName - 1) name += cjk ? "李" : "x";
        names.push_back(name + std::to_string(p + 1));
        ASSERT_EQ(code_points(names.back()), kMaxPlayerName);
      }
      const Rules r = exact_bid(n, {"schedule=1,1,1,1,1", "streak_bonus=5"});
      Match m(r, names, 3);
      for (int k = 0; k < 5; ++k) one_card_deal(m, n - 1);
      ASSERT_TRUE(m.finished());
      const std::string sheet = format_sheet(m);
      const std::string what = std::to_string(n) + (cjk ? " CJK" : " Latin") + " names:\n" + sheet;
      EXPECT_LE(widest_line(sheet), 80u) << what;
      const std::vector<std::string> lines = lines_of(sheet);
      std::istringstream head(lines.at(0));
      std::vector<std::string> labels;
      for (std::string label; head >> label;) labels.push_back(label);
      ASSERT_EQ(labels.size(), static_cast<size_t>(n)) << what;
      EXPECT_EQ(std::set<std::string>(labels.begin(), labels.end()).size(), labels.size()) << what;
      for (int p = 0; p < n; ++p) {
        const std::string line = labels[p] + " = " + names[p];
        EXPECT_NE(std::find(lines.begin(), lines.end(), line), lines.end()) << line << "\n" << what;
      }
      // The notes of the fifth deal's bonuses (one a player) under their row.
      EXPECT_NE(sheet.find("       " + labels[0] + " +5, "), std::string::npos) << what;
    }
  }
}

// Names that begin alike beyond what a column holds: the seat number tells them apart.
TEST(SheetWidth, ShortenedNamesThatReadAlikeGetTheirSeatNumber) {
  const Rules r = exact_bid(6, {"schedule=1"});
  Match m(r, kLongNames, 3);
  const std::string head = lines_of(format_sheet(m)).at(0);
  EXPECT_NE(head.find("Aleksa~1"), std::string::npos) << head;
  EXPECT_NE(head.find("Aleksa~5"), std::string::npos) << head;
  EXPECT_NE(head.find("Bartholo"), std::string::npos) << head;
}

// Names that fit stay whole, with no legend: the 80-column table of four 15-character names.
TEST(SheetWidth, NamesThatFitAreNotShortened) {
  const std::vector<std::string> names = {"Aleksandra Kowa", "Bartholomew Ó S", "Christopher Mon",
                                          "李小龙李小龙李-"};
  const Rules r = exact_bid(4, {"schedule=1", "streak_bonus=5"});
  Match m(r, names, 3);
  one_card_deal(m, 3);
  const std::string sheet = format_sheet(m);
  for (const std::string& name : names) EXPECT_NE(sheet.find(name), std::string::npos) << sheet;
  EXPECT_EQ(sheet.find(" = "), std::string::npos) << sheet;
  EXPECT_EQ(widest_line(sheet), 76u) << sheet;
}

TEST(SheetWidth, AWinnerLineOfLongNamesIsBrokenBetweenNames) {
  const Rules r = exact_bid(4, {"schedule=1"});
  const std::vector<std::string> names(kLongNames.begin() + 1, kLongNames.begin() + 5);
  Match m(r, names, 3);
  test_deals::play_forced_deal(m, {0, 0, 0, 0}, {0, 0, 0, 1}, 0, Suit::Hearts);
  ASSERT_TRUE(m.finished());
  const std::string sheet = format_sheet(m);
  EXPECT_NE(
      sheet.find("\nwinners: " + names[0] + ", " + names[1] + ",\n         " + names[2] + " (5)\n"),
      std::string::npos)
      << sheet;
  EXPECT_LE(widest_line(sheet), 80u) << sheet;
}

// docs/rules.md's first Call-Ace deal, long names at the table: Anna (seat 0) plays 8 turn with
// Cleo (seat 2), who answers the called ace of hearts; they take 10 tricks.
TEST(SheetWidth, CallAceWithLongNamesFitsEightyColumns) {
  Rules r = *make_preset("call-ace");
  ASSERT_EQ(set_option(r, "deals=1"), "");
  const std::vector<std::string> names(kLongNames.begin(), kLongNames.begin() + 4);
  DealResult d;
  d.cards = 13;
  d.contract_index = *parse_contract("8 turn");
  d.declarer = 0;
  d.partner = 2;
  d.called = *parse_card("AH");
  d.tricks = {6, 1, 4, 2};
  const int paid[] = {12, -12, 12, -12};
  for (int p = 0; p < 4; ++p) d.points[p] = d.totals[p] = Points::whole(paid[p]);
  const std::vector<DealResult> results = {d};
  const std::string sheet = format_sheet(SheetData{
      .rules = r, .names = names, .results = results, .finished = true, .winners = {0, 2}});
  const std::string zoe = kZoe + " Montgom", family = kFamily + " Nowakows";
  EXPECT_EQ(sheet, "contract trump call   Aleksandra  Bartholomew  " + zoe + "  " + family + "\n" +
                       std::string(71, '-') +
                       "\n"
                       "8 turn   NT    AH    *+12     12  -12     -12  +12      12  -12     -12\n"
                       "                     partner " +
                       zoe + ", 10 tricks\n" + std::string(71, '-') +
                       "\nwinners: " + kLongNames[0] + ", " + kLongNames[2] +
                       " (12)\n"
                       "Aleksandra  = Aleksandra Kowalczykówna\n"
                       "Bartholomew = Bartholomew Ó Súilleabhá\n" +
                       zoe + " = " + kLongNames[2] + "\n" + family + " = " + kLongNames[3] + "\n");
  EXPECT_LE(widest_line(sheet), 80u) << sheet;
}

// `whist play`'s table of players: names padded by their columns on the terminal, so that the
// bids and tricks line up.
TEST(PlayScreenWidth, ThePlayersTableLinesUpWideNames) {
  const Rules r = exact_bid(4, {"schedule=2"});
  Match m(r, {kCjk, kZoe, kFamily, "Bo"}, 3);
  Rng rng(1);
  m.deal_random(rng);
  const std::string status = cli::status_text(m, 0, {});
  // Where each player's bid ("-": not yet) starts: after the name padded to the widest, 李小龙.
  std::vector<size_t> bid_columns;
  for (const std::string& line : lines_of(status)) {
    const size_t bid = line.find("    -    0");
    if (bid != std::string::npos) bid_columns.push_back(display_width(line.substr(0, bid)));
  }
  EXPECT_EQ(bid_columns, std::vector<size_t>(4, 10)) << status;
}

// Every screen of a deal within 80 columns, for every seat: 7 players with names of 24 wide
// characters (48 columns), whose trick line and notes passed 80 (regression: 83 to 127 columns).
TEST(PlayScreenWidth, EveryScreenOfADealFitsEightyColumns) {
  for (const bool cjk : {false, true}) {
    std::vector<std::string> names;
    for (int p = 0; p < 7; ++p) {
      std::string name = cjk ? "王" : "Player";
      while (code_points(name) < kMaxPlayerName - 1) name += cjk ? "李" : "x";
      names.push_back(name + std::to_string(p + 1));
    }
    const Rules r = exact_bid(7, {"schedule=7"});
    Match m(r, names, 3);
    Rng rng(5);
    m.deal_random(rng);
    size_t widest = 0;
    std::string at_widest;
    while (m.in_deal()) {
      for (int seat = 0; seat < 7; ++seat) {
        const std::string status = cli::status_text(m, seat, {.unicode = true, .colour = false});
        if (widest_line(status) > widest) {
          widest = widest_line(status);
          at_widest = status;
        }
      }
      m.apply(m.view(m.state().to_move()).legal.items[0]);
    }
    EXPECT_LE(widest, 80u) << (cjk ? "CJK" : "Latin") << " names:\n" << at_widest;
  }
}

const std::string kLongCjk = "王李李李李李李李李李李李李李李李李李李李李李李李";  // 48 columns

// A sentence past 80 columns is broken between words, never inside a name, the next line
// indented by two more than the first.
TEST(PlayScreenWidth, ASentenceIsBrokenBetweenWordsNotInsideAName) {
  const std::string latin = "Player xxxxxxxxxxxxxxxx1";
  EXPECT_EQ(
      cli::wrap_text(latin + " plays A♥; " + kLongCjk + " wins the trick.\n", {latin, kLongCjk}),
      latin + " plays A♥;\n  " + kLongCjk + " wins the trick.\n");
  // The break at 80 columns would fall inside the Latin name: before it.
  const std::string refusal = "  Not allowed: " + std::string(50, 'y') + " " + latin + " z";
  EXPECT_EQ(cli::wrap_text(refusal, {latin}),
            "  Not allowed: " + std::string(50, 'y') + "\n    " + latin + " z");
  EXPECT_EQ(cli::wrap_text(refusal),
            "  Not allowed: " + std::string(50, 'y') + " Player\n    xxxxxxxxxxxxxxxx1 z");
  // What fits is left as it is.
  EXPECT_EQ(cli::wrap_text("a  b\n\nc"), "a  b\n\nc");
}

// A first item that does not fit after the head goes on the next line (regression: "whist play:
// romanian, 4 players: NAME," of 82 columns).
TEST(PlayScreenWidth, AListsFirstItemTooLongForTheHeadGoesUnderIt) {
  EXPECT_EQ(cli::wrap_list("whist play: romanian, 4 players: ", {kLongCjk, "Bot1 (heuristic)"},
                           ", ", "."),
            "whist play: romanian, 4 players:\n  " + kLongCjk + ", Bot1 (heuristic).\n");
  EXPECT_EQ(cli::wrap_list("Players: ", {kLongCjk, "Bot1"}, ", ", "."),
            "Players: " + kLongCjk + ", Bot1.\n");
}

// A legend line that would pass 80 columns has the name under its label: one CJK name among
// short ones keeps a label of 36 columns (regression: 87 columns).
TEST(SheetWidth, ALegendLineTooLongForItsLabelHasTheNameBelow) {
  const Rules r = exact_bid(4, {"schedule=1"});
  Match m(r, {kLongCjk, "Bot1", "Bot2", "Bot3"}, 3);
  one_card_deal(m, 1);
  const std::string sheet = format_sheet(m);
  EXPECT_NE(sheet.find("\n王李李李李李李李李李李李李李李李李李 =\n  " + kLongCjk + "\n"),
            std::string::npos)
      << sheet;
  EXPECT_LE(widest_line(sheet), 80u) << sheet;
}

// Names of kMaxPlayerName characters for `n` players: Latin with a space ("Player xxx…x1"), or
// CJK (48 columns); or, as `whist play` names them, one CJK name among bots.
enum class LongNames { Latin, Cjk, OneAmongBots };

std::vector<std::string> long_names(int n, LongNames kind) {
  std::vector<std::string> names;
  for (int p = 0; p < n; ++p) {
    if (kind == LongNames::OneAmongBots && p > 0) {
      names.push_back("Bot" + std::to_string(p));
      continue;
    }
    const bool cjk = kind != LongNames::Latin;
    std::string name = cjk ? "王" : "Player ";
    while (code_points(name) < kMaxPlayerName - 1) name += cjk ? "李" : "x";
    names.push_back(name + std::to_string(p + 1));
  }
  return names;
}

// The lines of `text` past 80 columns, said with what they came from (`what`): the first of
// each kind.
void add_wide_lines(const std::string& text, const std::string& what, std::string& wide) {
  for (const std::string& line : lines_of(text)) {
    if (display_width(line) > 80 && wide.find(what + " (") == std::string::npos) {
      wide += what + " (" + std::to_string(display_width(line)) + " columns): " + line + "\n";
    }
  }
}

// A choice that goes through the deals' kinds: in the first deal every player passes what it
// may (an Israeli passing round, a Call-Ace hand thrown in), in the second it bids Call-Ace's
// double table (which shows every hand) or passes; later a bid in an auction is as often a
// pass, a cheap contract or any, and other choices are at random.
Action varied_choice(const Match& m, const ActionList& legal, Rng& rng) {
  std::vector<Action> bids;
  bool pass = false;
  for (Action a : legal) {
    pass = pass || a.kind() == ActionKind::Pass;
    if (a.kind() != ActionKind::Pass) bids.push_back(a);
  }
  if (pass && (m.log().size() == 1 || bids.empty())) return Action::pass();
  if (pass && m.log().size() == 2) {
    for (Action a : bids) {
      if (a.kind() == ActionKind::Contract && contract_name(a.contract_index()) == "double table") {
        return a;
      }
    }
    return Action::pass();
  }
  if (pass && rng.below(2) == 0) return Action::pass();
  if (pass && rng.below(2) == 0) return bids[rng.below(std::min<uint32_t>(3, bids.size()))];
  return legal.items[rng.below(static_cast<uint32_t>(legal.size))];
}

// Every line `whist play` shows of a game, for every preset and number of players it allows (3
// to 7), with names of 24 characters, Latin and CJK: every seat's screen and prompt, the
// narration of every action (to one human and to all), the last trick, the deal's result with
// the sheet and its legend, the winner line (regression: a Call-Ace contract line of 99 columns,
// a narrated trick of 123, the last trick of 159 to 430, a legend line of 87, a bid prompt of
// 88).
TEST(PlayScreenWidth, EveryLineOfEveryPresetFitsEightyColumnsWithLongNames) {
  const cli::Style style{.unicode = true, .colour = false};
  for (const std::string_view preset :
       {"romanian", "oh-hell", "serbian", "triangular", "israeli", "call-ace"}) {
    for (int n = 3; n <= 7; ++n) {
      Rules r = *make_preset(preset, n);
      ASSERT_EQ(set_option(r, "end=deals"), "");
      ASSERT_EQ(set_option(r, "deals=4"), "");
      if (!validate(r).empty()) continue;
      for (const LongNames kind : {LongNames::Latin, LongNames::Cjk, LongNames::OneAmongBots}) {
        const std::string game = std::string(preset) + ", " + std::to_string(n) + " players, " +
                                 (kind == LongNames::Latin ? "Latin" : "CJK") +
                                 (kind == LongNames::OneAmongBots ? " name and bots" : " names");
        std::vector<int> everyone(static_cast<size_t>(n));
        for (int p = 0; p < n; ++p) everyone[static_cast<size_t>(p)] = p;
        std::string wide;
        Match m(r, long_names(n, kind), 0);
        Rng rng(static_cast<uint64_t>(n) * 3 + static_cast<uint64_t>(kind));
        while (!m.finished()) {
          m.deal_random(rng);
          while (m.in_deal()) {
            for (int seat = 0; seat < n; ++seat) {
              add_wide_lines(cli::status_text(m, seat, style), game + ", screen", wide);
              add_wide_lines(cli::last_trick_text(m, seat, style), game + ", last", wide);
            }
            const int seat = m.state().to_move();
            add_wide_lines(cli::choices_text(m, seat, style), game + ", prompt", wide);
            const ActionList legal = m.view(seat).legal;
            ASSERT_GT(legal.size, 0) << game;
            const Action a = varied_choice(m, legal, rng);
            m.apply(a);
            add_wide_lines(cli::narrate(m, seat, a, {0}, style), game + ", narration", wide);
            add_wide_lines(cli::narrate(m, seat, a, everyone, style), game + ", narration", wide);
          }
          add_wide_lines(cli::deal_result_text(m, style), game + ", result", wide);
        }
        EXPECT_TRUE(wide.empty()) << wide;
      }
    }
  }
}

// An arena of an engine against three random bots, and a report of it whose engines gave these
// names (the random bots' "engine" stands for any name a row may show).
ArenaConfig engine_against_random() {
  ArenaConfig c;
  c.rules = *make_preset("romanian", 4);
  c.bots = {"ext:./bot", "random", "random", "random"};
  c.deals = 2;
  return c;
}

ArenaReport engine_report(const std::string& engine, const std::string& random_engine) {
  ArenaReport report;
  report.specs.resize(2);
  report.specs[0].spec = "ext:./bot";
  report.specs[0].engine = engine;
  report.specs[0].positions = {0};
  report.specs[1].spec = "random";
  report.specs[1].engine = random_engine;
  report.specs[1].positions = {1, 2, 3};
  return report;
}

// The arena's table: a bot's engine may give its name in any script.
TEST(ArenaTableWidth, ColumnsLineUpAfterWideNames) {
  const ArenaConfig c = engine_against_random();
  const ArenaReport report = engine_report(kCjk, kZoe);
  const std::string table = arena_table(c, report);
  // Where the column of seats starts on the heading's line and on each bot's.
  std::vector<size_t> seats;
  for (const std::string& line : lines_of(table)) {
    const std::string_view seats_text = line.starts_with("bot ")      ? "  seats"
                                        : line.starts_with("ext:")    ? "  0 "
                                        : line.starts_with("random ") ? "  1 2 3 "
                                                                      : "";
    if (!seats_text.empty()) seats.push_back(display_width(line.substr(0, line.find(seats_text))));
  }
  ASSERT_EQ(seats.size(), 3u) << table;
  EXPECT_EQ(seats[0], seats[1]) << table;
  EXPECT_EQ(seats[0], seats[2]) << table;
}

// An engine's name is its own (up to a line of 1 MiB): the table shows 40 columns of it
// (regression: a name of any length widened every line of the table); the JSON has it whole.
TEST(ArenaTableWidth, AnEngineNameIsCutToFortyColumns) {
  const ArenaConfig c = engine_against_random();
  const ArenaReport report = engine_report(
      std::string(30, 'x') + "\u674e\u5c0f\u9f99\u674e\u5c0f\u9f99" + std::string(5000, 'y'), "");
  const std::string table = arena_table(c, report);
  bool found = false;
  for (const std::string& line : lines_of(table)) {
    if (!line.starts_with("ext:")) continue;
    found = true;
    // 30 x, then 4 of the 6 wide characters (the fifth would pass 39), then the ellipsis.
    EXPECT_NE(line.find("(" + std::string(30, 'x') + "\u674e\u5c0f\u9f99\u674e\u2026)"),
              std::string::npos)
        << line;
    EXPECT_LT(display_width(line), 160u) << line;
  }
  EXPECT_TRUE(found) << table;
  EXPECT_EQ(nlohmann::json::parse(arena_json(c, report))["results"][0]["engine"],
            report.specs[0].engine);
}

}  // namespace
}  // namespace whist
