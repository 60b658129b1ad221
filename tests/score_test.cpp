// `whist score` driven through a real pseudo-terminal (tests/pty_session.h), as a family keeping
// score would use it: a whole Romanian game with refusals, an undo and a correction, checked
// against the sheet of the same deals played with cards by the engine; the seeds' worked
// examples as golden sheets (Serbian, Romanian, and the Israeli and Call-Ace sheets of
// docs/rules.md); resuming a saved game; the default save path; the CSV and JSON exports.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "cli/score_session.h"
#include "forced_deal.h"
#include "game/match.h"
#include "game/score_file.h"
#include "game/scorekeeper.h"
#include "game/sheet.h"
#include "golden_sheets.h"
#include "play_driver.h"
#include "pty_session.h"
#include "rules/options.h"
#include "rules/presets.h"
#include "temp_dir.h"

namespace whist {
namespace {

using test_files::TempDir;
using test_pty::kEndOfInput;
using test_pty::Transcript;

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

Transcript score(const std::vector<std::string>& args, const std::string& input,
                 const std::vector<std::pair<std::string, std::string>>& env = {}) {
  std::vector<std::string> all = {"score"};
  all.insert(all.end(), args.begin(), args.end());
  Transcript t = test_pty::run_on_pty(WHIST_BINARY, all, input, env);
  EXPECT_FALSE(t.hung) << t.output;
  return t;
}

// The blocks of the output separated by blank lines; the sheet is always one block.
std::vector<std::string> blocks(const std::string& out) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (;;) {
    const size_t end = out.find("\n\n", start);
    parts.push_back(
        out.substr(start, end == std::string::npos ? std::string::npos : end + 1 - start));
    if (end == std::string::npos) break;
    start = end + 2;
  }
  return parts;
}

// The last score sheet the session printed: from the line of names above the rule to the end
// of its block (a prompt may precede it on the terminal, where the input is not echoed).
std::string last_sheet(const std::string& out) {
  const std::vector<std::string> parts = blocks(out);
  for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
    const size_t rule = it->find("\n-----");
    if (rule == std::string::npos) continue;
    const size_t names = it->rfind('\n', rule - 1);
    return it->substr(names == std::string::npos ? 0 : names + 1);
  }
  return {};
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// One deal of a scripted game, by seat.
struct ScriptDeal {
  int cards = 0;
  int dealer = 0;
  Suit turned = Suit::None;
  std::vector<int> bids;
  std::vector<int> tricks;
};

// The lines that answer a deal's questions: trump, the bids in bidding order, the tricks.
std::string typed(const ScriptDeal& d, const std::vector<int>& bids,
                  const std::vector<int>& tricks) {
  const int n = static_cast<int>(bids.size());
  std::string in;
  if (d.turned != Suit::None) in += std::string("9") + suit_char(d.turned) + "\n";
  for (int i = 0; i < n; ++i) in += std::to_string(bids[(d.dealer + 1 + i) % n]) + "\n";
  for (int i = 0; i < n; ++i) in += std::to_string(tricks[(d.dealer + 1 + i) % n]) + "\n";
  return in;
}

// A whole Romanian game for four, the same every run: bids that respect the hook, and tricks
// near the bids (most bids made, some missed), so that streak bonuses and penalties happen.
std::vector<ScriptDeal> romanian_script(const Rules& rules) {
  const Schedule schedule(rules);
  uint32_t x = 20260314;
  const auto next = [&](int m) {
    x = x * 1103515245u + 12345u;
    return static_cast<int>((x >> 16) % static_cast<uint32_t>(m));
  };
  const Suit suits[] = {Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs};
  std::vector<ScriptDeal> out;
  for (int k = 0; k < *schedule.length(); ++k) {
    ScriptDeal d;
    d.cards = schedule.plan(k).cards;
    d.dealer = k % 4;
    d.turned = d.cards < 8 ? suits[next(4)] : Suit::None;
    d.bids.assign(4, 0);
    int sum = 0;
    for (int i = 0; i < 4; ++i) {
      const int seat = (d.dealer + 1 + i) % 4;
      int b = next(d.cards + 1);
      if (i == 3 && sum + b == d.cards) b = (b + 1) % (d.cards + 1);
      d.bids[seat] = b;
      sum += b;
    }
    d.tricks = d.bids;
    for (int diff = d.cards - sum; diff != 0;) {
      const int p = next(4);
      if (diff > 0) {
        ++d.tricks[p];
        --diff;
      } else if (d.tricks[p] > 0) {
        --d.tricks[p];
        ++diff;
      }
    }
    out.push_back(d);
  }
  return out;
}

TEST(ScoreSession, WholeRomanianGameWithRefusalsUndoAndCorrection) {
  const std::vector<std::string> options = {"streak_bonus=10", "miss_penalty=5"};
  Rules rules = *make_preset("romanian");
  for (const auto& o : options) ASSERT_EQ(set_option(rules, o), "");
  const std::vector<ScriptDeal> script = romanian_script(rules);
  ASSERT_EQ(script.size(), 24u);

  std::string in;
  std::vector<int> hook_bids;
  for (size_t k = 0; k < script.size(); ++k) {
    const ScriptDeal& d = script[k];
    if (k == 4) {
      // The dealer first tries the bid the hook forbids.
      in += std::string("9") + suit_char(d.turned) + "\n";
      int sum = 0;
      for (int i = 0; i < 3; ++i) {
        const int seat = (d.dealer + 1 + i) % 4;
        sum += d.bids[seat];
        in += std::to_string(d.bids[seat]) + "\n";
      }
      ASSERT_GE(d.cards - sum, 0);
      hook_bids.push_back(d.cards - sum);
      in += std::to_string(d.cards - sum) + "\n" + std::to_string(d.bids[d.dealer]) + "\n";
      for (int i = 0; i < 4; ++i) in += std::to_string(d.tricks[(d.dealer + 1 + i) % 4]) + "\n";
    } else if (k == 5) {
      // Tricks taken down wrongly: a trick moved from one player to the next; corrected later.
      std::vector<int> wrong = d.tricks;
      int from = 0;
      while (wrong[from] == 0) ++from;
      --wrong[from];
      ++wrong[(from + 1) % 4];
      in += typed(d, d.bids, wrong);
    } else if (k == 7) {
      // A wrong first bid taken back with undo; the rest typed on one line.
      const int first = (d.dealer + 1) % 4;
      in += std::string("9") + suit_char(d.turned) + "\n";
      in += std::to_string((d.bids[first] + 1) % (d.cards + 1)) + "\nundo\n";
      for (int i = 0; i < 4; ++i) in += std::to_string(d.bids[(d.dealer + 1 + i) % 4]) + " ";
      in += "\n";
      for (int i = 0; i < 4; ++i) in += std::to_string(d.tricks[(d.dealer + 1 + i) % 4]) + "\n";
    } else if (k == 9) {
      // The last player's tricks first given so that the total is wrong.
      in += std::string("9") + suit_char(d.turned) + "\n";
      for (int i = 0; i < 4; ++i) in += std::to_string(d.bids[(d.dealer + 1 + i) % 4]) + "\n";
      for (int i = 0; i < 3; ++i) in += std::to_string(d.tricks[(d.dealer + 1 + i) % 4]) + "\n";
      in +=
          std::to_string(d.tricks[d.dealer] + 1) + "\n" + std::to_string(d.tricks[d.dealer]) + "\n";
    } else {
      in += typed(d, d.bids, d.tricks);
    }
    if (k == 11) {
      // The correction of deal 6: Enter keeps the trump and the bids, the tricks are retyped.
      in += "edit 6\n\n\n\n\n\n";
      const ScriptDeal& six = script[5];
      for (int i = 0; i < 4; ++i) in += std::to_string(six.tricks[(six.dealer + 1 + i) % 4]) + "\n";
    }
  }
  in += "\n";  // Enter at the end of the game finishes

  const TempDir temp("whist-score-");
  const std::string dir = temp.str();
  std::vector<std::string> args = {
      "--variant", "romanian", "--players", "Ana,Bogdan,Cristi,Dana", "--file", dir + "/game.json"};
  args.insert(args.end(), options.begin(), options.end());
  const Transcript t = score(args, in);
  ASSERT_EQ(t.status, 0) << t.output;

  // The same deals played with cards by the engine give the same sheet.
  Match match(rules, {"Ana", "Bogdan", "Cristi", "Dana"}, 0);
  for (const ScriptDeal& d : script)
    test_deals::play_forced_deal(match, d.bids, d.tricks, 0, d.turned);
  ASSERT_TRUE(match.finished());
  const std::string expected = format_sheet(match);
  EXPECT_EQ(last_sheet(t.output), expected) << t.output;
  EXPECT_NE(expected.find('*'), std::string::npos)
      << "the script should earn a bonus: " << expected;

  EXPECT_NE(t.output.find("the hook forbids bid " + std::to_string(hook_bids[0]) +
                          ": the bids would sum to 2, the cards dealt"),
            std::string::npos)
      << t.output;
  EXPECT_NE(t.output.find("  the tricks would add up to "), std::string::npos);
  EXPECT_NE(t.output.find("Correcting deal 6"), std::string::npos);
  EXPECT_NE(t.output.find("deal 6 corrected"), std::string::npos);
  EXPECT_NE(t.output.find("Deal 24 of 24: Dana deals 1 card each."), std::string::npos);
  EXPECT_NE(t.output.find("Final standings:\n  1. "), std::string::npos);
  EXPECT_EQ(count(t.output, "The game is over."), 1u);
  // The save file holds the corrected deal.
  EXPECT_NE(read_text(dir + "/game.json").find("\"format\": \"whist-score/1\""), std::string::npos);
  // Resumed, the finished game shows its sheet once (regression: twice, one after the other).
  const Transcript back = score({"--resume", dir + "/game.json"}, "\n");
  EXPECT_EQ(back.status, 0) << back.output;
  EXPECT_EQ(count(back.output, expected.substr(0, expected.find('\n') + 1)), 1u) << back.output;
  EXPECT_EQ(count(back.output, "Final standings:"), 1u) << back.output;
}

TEST(ScoreSession, RefusesWhatTheRulesForbidWithTheReason) {
  const TempDir temp("whist-score-");
  const std::string dir = temp.str();
  const Transcript t = score(
      {"--players", "Ana,Bogdan,Cristi,Dana", "--file", dir + "/g.json", "end=deals", "deals=1"},
      "H\nx\n5\n1\n0\n0\n0\n1\n0\n0\n0\n0\nundo\nundo\nundo\n1\n0\n0\n2\n1\n0\n\n");
  ASSERT_EQ(t.status, 0) << t.output;
  EXPECT_NE(t.output.find("  not a bid: 'x' (0-1)\n"), std::string::npos) << t.output;
  EXPECT_NE(t.output.find("  bid 5 out of range 0-1\n"), std::string::npos) << t.output;
  EXPECT_NE(t.output.find("Ana (dealer) bids (1): "), std::string::npos) << t.output;
  EXPECT_NE(t.output.find("  the hook forbids bid 0: the bids would sum to 1, the cards dealt\n"),
            std::string::npos)
      << t.output;
  EXPECT_NE(t.output.find("  the tricks add up to 0, but 1 trick was played: Ana took 1 (or "
                          "'undo' to correct an earlier number)\n"),
            std::string::npos)
      << t.output;
  EXPECT_NE(t.output.find("  2 tricks: only 1 trick was played\n"), std::string::npos) << t.output;
  EXPECT_NE(t.output.find("  the tricks would add up to 2, but 1 trick was played (the others took "
                          "1)\n"),
            std::string::npos)
      << t.output;
  EXPECT_EQ(last_sheet(t.output),
            "          Ana   Bogdan   Cristi     Dana\n"
            "----------------------------------------\n"
            " 1 H    1  -1    1   6    0   5    0   5\n"
            "----------------------------------------\n"
            "winner: Bogdan (6)\n");
}

// Seed 000's table: the first two deals of a Serbian game, Dušan dealing first.
TEST(ScoreSheetGolden, SerbianTableOfSeed000) {
  const TempDir temp("whist-score-");
  const std::string dir = temp.str();
  const Transcript t =
      score({"--variant", "serbian", "--players", "Igor,Jovana,Dunja,Dušan", "--dealer", "Dušan",
             "--file", dir + "/s.json", "end=deals", "deals=2"},
            "2 4 2 6\n2 4 1 6\n3 5 4 1\n3 4 3 2\n\n");
  ASSERT_EQ(t.status, 0) << t.output;
  EXPECT_NE(t.output.find("Deal 1 of 2: Dušan deals 13 cards each. Trump: spades."),
            std::string::npos);
  EXPECT_NE(t.output.find("Deal 2 of 2: Igor deals 12 cards each. Trump: diamonds."),
            std::string::npos);
  EXPECT_EQ(last_sheet(t.output), std::string(kSerbianSeed000Sheet));
}

// Seed 001's table, decoded (docs/rules.md, section 9): Peggy deals first.
TEST(ScoreSheetGolden, RomanianTableOfSeed001) {
  const TempDir temp("whist-score-");
  const std::string dir = temp.str();
  const Transcript t =
      score({"--players", "Peter,John,Peggy", "--dealer", "Peggy", "--file", dir + "/r.json",
             "end=deals", "deals=4", "--unicode"},
            "9H\n1 0 1\n1 0 0\nks\n0 0 0\n0 1 0\nD\n0 1 1\n0 0 1\n10h\n0 2 2\n0 0 2\n\n");
  ASSERT_EQ(t.status, 0) << t.output;
  EXPECT_EQ(last_sheet(t.output),
            "        Peter     John    Peggy\n"
            "-------------------------------\n"
            " 1 ♥    1   6    0   5    1  -1\n"
            " 1 ♠    0  11    0  10    0  -2\n"
            " 1 ♦    1  10    1  16    0   3\n"
            " 2 ♥    0  15    2  14    2  10\n"
            "-------------------------------\n"
            "winner: Peter (15)\n");
  EXPECT_NE(t.output.find("Final standings:\n  1. Peter  15\n  2. John   14\n  3. Peggy  10\n"),
            std::string::npos)
      << t.output;
}

// Names in the columns they take on the terminal: 李小龙 takes six, Zoë (its diaeresis a
// combining mark) three, the family of emoji joined by U+200D two.
TEST(ScoreSession, StandingsAndSheetLineUpWideCombiningAndJoinedNames) {
  const TempDir temp("whist-score-");
  const std::string zoe = "Zoe\u0308", family = "\U0001F469\u200D\U0001F469\u200D\U0001F467";
  const Transcript t = score({"--players", "李小龙," + zoe + "," + family, "--file",
                              temp.str() + "/w.json", "end=deals", "deals=1"},
                             "9H\n1 0 1\n1 0 0\n\n");
  ASSERT_EQ(t.status, 0) << t.output;
  EXPECT_EQ(last_sheet(t.output), "       李小龙      " + zoe + "       " + family +
                                      "\n"
                                      "-------------------------------\n"
                                      " 1 H    1  -1    1   6    0   5\n"
                                      "-------------------------------\n"
                                      "winner: " +
                                      zoe + " (6)\n");
  EXPECT_NE(t.output.find("Final standings:\n  1. " + zoe + "     6\n  2. " + family +
                          "      5\n  3. 李小龙  -1\n"),
            std::string::npos)
      << t.output;
}

// docs/rules.md's Israeli sheet: an auction won, contracts from the declarer's next seat, the
// hook on the seat before the declarer, a hand thrown in.
TEST(ScoreSheetGolden, IsraeliSheetOfTheRulesPage) {
  const TempDir temp("whist-score-");
  const std::string dir = temp.str();
  const Transcript t =
      score({"--variant", "israeli", "--players", "Avi,Batya,Chen,Dana", "--file", dir + "/i.json"},
            "7S\nBatya\n0 3 2\n0 3 3 7\n6nt\nchen\n0 5 4\n0 5 2 6\nthrown in\n10 C\n1\n0 1 2\n0\n"
            "0 1 1 11\nsheet\nquit\n");
  ASSERT_EQ(t.status, 0) << t.output;
  EXPECT_NE(t.output.find("  the hook forbids bid 2: the bids would sum to 13, the cards dealt"),
            std::string::npos)
      << t.output;
  EXPECT_EQ(last_sheet(t.output),
            "           Avi    Batya     Chen     Dana\n"
            "-----------------------------------------\n"
            " 7 S     2 -10   *7  59    0  50    3  19  under\n"
            " 6 NT    5  25    4  39   *6  96    0  49  over\n"
            " -       -  25    -  39    -  96    -  49  thrown in\n"
            "10 C   *10  15    0  89    1 107    0  -1  under\n");
}

// docs/rules.md's Call-Ace sheet: payments and balances, a redeal, a lone declarer.
TEST(ScoreSheetGolden, CallAceSheetOfTheRulesPage) {
  const TempDir temp("whist-score-");
  const std::string dir = temp.str();
  const Transcript t = score({"--variant", "call-ace", "--players", "Anna,Bo,Cleo,Dag", "--file",
                              dir + "/c.json", "end=deals", "deals=4"},
                             "8 turn\nAnna\nNT\nAH\nCleo\n2 4 1 6\nall passed\n9 quarter\nBo\nS\n"
                             "2 2 1 8\nsun\nCleo\n4 4 4 1\n\n");
  ASSERT_EQ(t.status, 0) << t.output;
  EXPECT_NE(t.output.find("Deal 3 of 4: Bo deals 13 cards each"), std::string::npos) << t.output;
  EXPECT_EQ(last_sheet(t.output), std::string(kCallAceRulesSheet));
}

// Three deals of a four-player Romanian game, typed in bidding order.
constexpr const char* kDeal1 = "H\n1 0 0 1\n1 0 0 0\n";
constexpr const char* kDeal2Bids = "S\n0 1\n";
constexpr const char* kDeal2Rest = "0 1\n0 1 0 0\n";
constexpr const char* kDeal3 = "D\n1 0 1 0\n0 0 1 0\n";

TEST(ScoreSession, StoppedMidDealAndResumedGivesTheSameGame) {
  const TempDir temp("whist-score-");
  const std::string dir = temp.str();
  const std::vector<std::string> game = {"--players", "Ana,Bogdan,Cristi,Dana", "end=deals",
                                         "deals=3"};
  auto with_file = [&](const std::string& file) {
    std::vector<std::string> args = game;
    args.insert(args.end(), {"--file", dir + "/" + file});
    return args;
  };
  const Transcript whole =
      score(with_file("whole.json"), std::string(kDeal1) + kDeal2Bids + kDeal2Rest + kDeal3 + "\n");
  ASSERT_EQ(whole.status, 0) << whole.output;

  // End of input in the middle of deal 2, after two bids: saved, and told how to go on.
  const Transcript first =
      score(with_file("part.json"), std::string(kDeal1) + kDeal2Bids + kEndOfInput);
  ASSERT_EQ(first.status, 0) << first.output;
  const std::string path = dir + "/part.json";
  EXPECT_NE(first.output.find("Saved to " + path + "; resume with: whist score --resume " + path),
            std::string::npos)
      << first.output;
  const std::string saved = read_text(path);
  EXPECT_NE(saved.find("\"current\": {\"trump\":\"S\",\"bids\":[null,null,0,1],"
                       "\"tricks\":[null,null,null,null]}"),
            std::string::npos)
      << saved;

  const Transcript second = score({"--resume", path}, std::string(kDeal2Rest) + kDeal3 + "\n");
  ASSERT_EQ(second.status, 0) << second.output;
  // Deal 2 is taken up where it stopped: what was said is shown.
  EXPECT_NE(second.output.find("Deal 2 of 3: Bogdan deals 1 card each. A card is turned for "
                               "trump.\n  Turned card: S\n  Cristi bids: 0\n  Dana bids: 1\n"),
            std::string::npos)
      << second.output;
  EXPECT_EQ(last_sheet(second.output), last_sheet(whole.output));
  EXPECT_EQ(last_sheet(whole.output),
            "          Ana   Bogdan   Cristi     Dana\n"
            "----------------------------------------\n"
            " 1 H    1  -1    1   6    0   5    0   5\n"
            " 1 S    0   4    1   5    0  10    1  11\n"
            " 1 D    0   9    1  11    0  15    1  10\n"
            "----------------------------------------\n"
            "winner: Cristi (15)\n");
  // The finished save files agree too.
  EXPECT_EQ(read_text(path), read_text(dir + "/whole.json"));

  // The rules and players come from the file.
  const Transcript refused = score({"--resume", path, "--variant", "serbian"}, "");
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.output.find("--resume takes the rules and players from the file"),
            std::string::npos)
      << refused.output;
}

TEST(ScoreSession, SavesInTheDataDirectoryByDefault) {
  for (const bool xdg : {true, false}) {
    const TempDir temp("whist-score-");
    const std::string dir = temp.str();
    const std::vector<std::pair<std::string, std::string>> env = {{"XDG_DATA_HOME", xdg ? dir : ""},
                                                                  {"HOME", dir}};
    const Transcript t = score({"--players", "Ana,Bogdan,Cristi"}, "H\nquit\n", env);
    ASSERT_EQ(t.status, 0) << t.output;
    const std::string folder = dir + (xdg ? "/whist" : "/.local/share/whist");
    EXPECT_NE(t.output.find("Saved after every answer to " + folder + "/score-"), std::string::npos)
        << t.output;
    std::vector<std::string> files;
    for (const auto& e : std::filesystem::directory_iterator(folder)) files.push_back(e.path());
    ASSERT_EQ(files.size(), 1u);
    EXPECT_TRUE(files[0].ends_with(".json")) << files[0];
    EXPECT_NE(read_text(files[0]).find("\"current\": {\"trump\":\"H\""), std::string::npos);
  }
}

TEST(ScoreSession, ExportsTheSheetAsCsvAndJson) {
  const TempDir temp("whist-score-");
  const std::string dir = temp.str();
  const Transcript t =
      score({"--players", "Ana,Bogdan,Cristi", "--file", dir + "/g.json", "end=deals", "deals=2"},
            "H\n1 0 1\n1 0 0\nS\n0 0 0\n0 0 1\nexport csv " + dir + "/s.csv\nexport json " + dir +
                "/s.json\nexport csv " + dir + "/my game, final.csv\nexport json '" + dir +
                "/quoted game.json'\n\n");
  ASSERT_EQ(t.status, 0) << t.output;
  // A file name with spaces and commas, in quotes or not (regression: refused as three words).
  EXPECT_EQ(read_text(dir + "/my game, final.csv"), read_text(dir + "/s.csv"));
  EXPECT_EQ(read_text(dir + "/quoted game.json"), read_text(dir + "/s.json"));
  EXPECT_NE(t.output.find("  exported the sheet to " + dir + "/s.csv\n"), std::string::npos);
  EXPECT_EQ(read_text(dir + "/s.csv"),
            "deal,dealer,cards,trump,Ana bid,Ana tricks,Ana points,Ana total,Bogdan bid,Bogdan "
            "tricks,Bogdan points,Bogdan total,Cristi bid,Cristi tricks,Cristi points,Cristi "
            "total\r\n"
            "1,Ana,1,H,1,0,-1,-1,1,1,6,6,0,0,5,5\r\n"
            "2,Bogdan,1,S,0,0,5,4,0,1,-1,5,0,0,5,10\r\n");
  const nlohmann::json j = nlohmann::json::parse(read_text(dir + "/s.json"));
  EXPECT_EQ(j["format"], "whist-score-sheet/1");
  EXPECT_EQ(j["players"], nlohmann::json({"Ana", "Bogdan", "Cristi"}));
  EXPECT_EQ(j["totals"], nlohmann::json({4, 5, 10}));
  EXPECT_EQ(j["winners"], nlohmann::json({"Cristi"}));
  EXPECT_EQ(j["finished"], true);
  ASSERT_EQ(j["deals"].size(), 2u);
  EXPECT_EQ(j["deals"][0]["trump"], "H");
  EXPECT_EQ(j["deals"][0]["dealer"], "Ana");
  EXPECT_EQ(j["deals"][0]["bids"], nlohmann::json({1, 1, 0}));
  EXPECT_EQ(j["deals"][0]["tricks"], nlohmann::json({0, 1, 0}));
  EXPECT_EQ(j["deals"][1]["points"], nlohmann::json({5, -1, 5}));
  EXPECT_EQ(j["deals"][1]["totals"], nlohmann::json({4, 5, 10}));

  // The save file, as docs/score-format.md describes it.
  EXPECT_EQ(read_text(dir + "/g.json"),
            "{\n"
            "  \"format\": \"whist-score/1\",\n"
            "  \"variant\": \"romanian\",\n"
            "  \"options\": {\"end\":\"deals\",\"deals\":\"2\"},\n"
            "  \"players\": [\"Ana\",\"Bogdan\",\"Cristi\"],\n"
            "  \"first_dealer\": 0,\n"
            "  \"deals\": [\n"
            "    {\"trump\":\"H\",\"bids\":[1,1,0],\"tricks\":[0,1,0]},\n"
            "    {\"trump\":\"S\",\"bids\":[0,0,0],\"tricks\":[0,1,0]}\n"
            "  ]\n"
            "}\n");

  // The same exports from the saved game on the command line.
  const Transcript again =
      score({"--resume", dir + "/g.json", "--csv", dir + "/t.csv", "--json", dir + "/t.json"}, "");
  ASSERT_EQ(again.status, 0) << again.output;
  EXPECT_EQ(read_text(dir + "/t.csv"), read_text(dir + "/s.csv"));
  EXPECT_EQ(read_text(dir + "/t.json"), read_text(dir + "/s.json"));
}

// Regression: the numbers left over when a deal was complete were named after its sheet, glued to
// the next deal's heading.
// More numbers on a line than answers still to give: none is taken, and the question is asked
// again (before, the extra were named after the deal, and taken when they fitted the next kind).
TEST(ScoreSession, ALineWithMoreNumbersThanAnswersLeftTakesNone) {
  const TempDir temp("whist-score-");
  const Transcript t = score({"--players", "Ana,Bogdan,Cristi", "--file", temp.str() + "/n.json"},
                             "H\n1 0 1\n1 0 0 9\n1 0 0\nquit\n");
  EXPECT_EQ(t.status, 0) << t.output;
  EXPECT_NE(t.output.find("  4 numbers for 3 players' tricks still to say: none taken (type only "
                          "those)\nBogdan took (0-1): "),
            std::string::npos)
      << t.output;
  EXPECT_NE(t.output.find("\nDeal 2 of "), std::string::npos) << t.output;  // the second line
}

// Regression: when the next deal was a special hand, whose forced bids ask for tricks straight
// away, the check ran the line on into it and let it pass: the deal took its last player's number
// and the rest vanished, named nowhere. A line's numbers never run past the deal they answer.
TEST(ScoreSession, ALineRunningPastTheDealIsRefusedBeforeASpecialHand) {
  const TempDir temp("whist-score-");
  const std::string file = temp.str() + "/m.json";
  const Transcript t =
      score({"--players", "A,B,C", "--file", file, "schedule=8", "special_hands=zero,eight"},
            "0 0 0\n0 0 0\n8 8 8\n8\nquit\n");
  EXPECT_EQ(t.status, 0) << t.output;
  EXPECT_NE(t.output.find("  3 numbers for 1 player's tricks still to say: none taken (type only "
                          "those)\nA took (the tricks left: 8): "),
            std::string::npos)
      << t.output;
  // The "8" typed alone ends deal 1; nothing of the line reached the special hand.
  const ScoreFileResult back = read_score_file(read_text(file));
  ASSERT_EQ(back.error, "");
  ASSERT_EQ(back.keeper->deals().size(), 1u);
  EXPECT_EQ(back.keeper->deals()[0].tricks[0], 8);
  for (int p = 0; p < 3; ++p) EXPECT_EQ(back.keeper->current().deal().tricks[p], -1) << p;
}

// Regression: a line of bids typed again after one was refused ran on into the tricks, and the
// first players' tricks were recorded from the bids.
TEST(ScoreSession, ALineOfBidsTypedAgainIsNotTaken) {
  const TempDir temp("whist-score-");
  const std::string file = temp.str() + "/b.json";
  // A turned card typed with its symbol, as the sheet shows it (regression: refused).
  const Transcript t =
      score({"--players", "Ana,Bo,Cy", "--file", file}, "A♥\n1 0 0\n1 0 1\n1\n0 zero 0\nquit\n");
  EXPECT_EQ(t.status, 0) << t.output;
  EXPECT_NE(t.output.find("  the hook forbids bid 0"), std::string::npos) << t.output;
  EXPECT_NE(t.output.find("  3 numbers for 1 bid still to say: none taken (type only those)\n"),
            std::string::npos)
      << t.output;
  // "zero" announces zero play: it is no number among numbers.
  EXPECT_NE(t.output.find("  not a number of tricks: '0 zero 0'\n"), std::string::npos) << t.output;
  const Transcript back = score({"--resume", file}, "quit\n");
  EXPECT_NE(back.output.find("  Turned card: H\n"), std::string::npos) << back.output;
  EXPECT_NE(back.output.find("  Ana (dealer) bids: 1"), std::string::npos) << back.output;
  EXPECT_EQ(back.output.find("took: "), std::string::npos) << back.output;
}

// Cards as typed: a space, a symbol, its emoji form (regression: "A ♥" and "10 h" were refused,
// which whist play reads); the called card of Call-Ace too.
TEST(ScoreSession, CardsAreReadAsTyped) {
  const TempDir temp("whist-score-");
  for (const std::string typed : {"10 h", "A ♥", "K♥\xEF\xB8\x8F"}) {
    const std::string file = temp.str() + "/c.json";
    std::filesystem::remove(file);
    score({"--players", "Ana,Bo,Cy", "--file", file}, typed + "\nquit\n");
    EXPECT_NE(score({"--resume", file}, "quit\n").output.find("  Turned card: H\n"),
              std::string::npos)
        << typed;
  }
  const std::string file = temp.str() + "/ca.json";
  const Transcript t = score({"--variant", "call-ace", "--players", "Ana,Bo,Cy,Di", "--file", file},
                             "8\nAna\nS\nA ♥\nBo\nquit\n");
  EXPECT_NE(t.output.find("Partner"), std::string::npos) << t.output;
  EXPECT_EQ(t.output.find("not a card"), std::string::npos) << t.output;
}

// Regression: an ambiguous start was said to name none of the players.
TEST(ScoreSession, AnAmbiguousDealerIsRefusedWithTheNames) {
  const TempDir temp("whist-score-");
  const Transcript t =
      score({"--players", "Ana,Andrei,Bo", "--dealer", "a", "--file", temp.str() + "/d.json"}, "");
  EXPECT_EQ(t.status, 2);
  EXPECT_EQ(t.output,
            "whist score: --dealer: 'a' could be Ana or Andrei: give more of the name, or a number "
            "1 to 3\n");
  const Transcript none =
      score({"--players", "Ana,Andrei,Bo", "--dealer", "x", "--file", temp.str() + "/d.json"}, "");
  EXPECT_EQ(none.status, 2);
  EXPECT_EQ(none.output,
            "whist score: --dealer: 'x' names none of the players (Ana, Andrei, Bo): give a name, "
            "the start of exactly one, or a number 1 to 3\n");
  EXPECT_FALSE(std::filesystem::exists(temp / "d.json"));
}

// Regression: Ctrl-C killed `whist score` at once, without the line that says how to go on.
TEST(ScoreSession, CtrlCSavesAndSaysHowToGoOn) {
  const TempDir temp("whist-score-");
  const std::string file = temp.str() + "/c.json";
  play_testing::Whist w({"score", "--players", "A,B,C", "--file", file}, {true, {}});
  // Each typed at its prompt (regression: typed at once, the Ctrl-C of a loaded sanitizer run
  // came before the program took it, and flushed the line before it).
  w.wait_for("Turned card");
  w.line("H");
  w.wait_for("B bids");
  // Once the prompt is read from: a Ctrl-C between the prompt and the read is only seen at the
  // next key (docs: noticed, left alone).
  usleep(200000);
  w.send("\x03");
  EXPECT_EQ(w.finish(), 0) << w.transcript();
  EXPECT_NE(w.transcript().find("Saved to " + file + "; resume with: whist score --resume " + file),
            std::string::npos)
      << w.transcript();
  const Transcript back = score({"--resume", file}, "quit\n");
  EXPECT_NE(back.output.find("  Turned card: H"), std::string::npos) << back.output;
}

// Regression: the help gave the turned card for trump in Israeli and Call-Ace whist, where no card
// is turned; each game's help names what it asks for.
TEST(ScoreSession, TheHelpNamesWhatEachGameAsksFor) {
  const TempDir temp("whist-score-");
  const std::vector<std::pair<std::string, std::string>> games = {
      {"romanian", "  trump:     the turned card (9H, 10h) or its suit (S, H, D, C)\n"},
      {"israeli", "  auction:   the winning bid (7S, 6NT), or 'thrown in' when everyone passed\n"},
      {"call-ace", "  partner:   who held the called card (a player), or 'alone'\n"}};
  for (const auto& [variant, line] : games) {
    const Transcript t = score({"--variant", variant, "--players", "A,B,C,D", "--file",
                                temp.str() + "/" + variant + ".json"},
                               "help\nquit\n");
    EXPECT_EQ(t.status, 0) << t.output;
    EXPECT_NE(t.output.find(line), std::string::npos) << variant << t.output;
    if (variant != "romanian") {
      EXPECT_EQ(t.output.find("the turned card"), std::string::npos) << variant << t.output;
    }
  }
}

// Regression: the session said zero play was announced "instead of a bid", and then asked for the
// bid (the rules: at one's turn, before the bid).
TEST(ScoreSession, ZeroPlayIsAnnouncedBeforeTheBid) {
  const TempDir temp("whist-score-");
  const Transcript t =
      score({"--players", "Ana,Bogdan,Cristi", "--file", temp.str() + "/z.json", "zero_play=start"},
            "H\nzero\n0\n0\n0\nquit\n");
  EXPECT_EQ(t.status, 0) << t.output;
  EXPECT_NE(t.output.find("Zero play may be announced at one's turn to bid, before the bid: answer "
                          "'zero', then the bid.\n"),
            std::string::npos)
      << t.output;
  // Piped, the answers are not echoed: the prompt, then the same player's bid.
  EXPECT_NE(t.output.find("Bogdan bids (0-1; or 'zero' to announce zero play): Bogdan bids "
                          "(0-1): "),
            std::string::npos)
      << t.output;
}

// Regression: in Israeli whist the session invited zero play, then refused it ("zero play is not
// played in this game"), which `whist play` allows at one's turn to name a contract.
TEST(ScoreSession, IsraeliZeroPlayIsTakenWhereItIsInvited) {
  const TempDir temp("whist-score-");
  const Transcript t = score({"--variant", "israeli", "--players", "4", "--file",
                              temp.str() + "/iz.json", "zero_play=start", "end=deals", "deals=5"},
                             "7S\n1\nzero\nquit\n");
  EXPECT_EQ(t.status, 0) << t.output;
  EXPECT_NE(t.output.find("Zero play may be announced at one's turn to bid, before the bid: answer "
                          "'zero', then the bid.\n"),
            std::string::npos)
      << t.output;
  EXPECT_NE(t.output.find("P2 bids (0-13; or 'zero' to announce zero play): P2 bids (0-13): "),
            std::string::npos)
      << t.output;
  EXPECT_EQ(t.output.find("not played in this game"), std::string::npos) << t.output;
}

// Regression: an export to the save file replaced the game with its sheet, and the game was lost.
TEST(ScoreSession, AnExportNeverReplacesTheSaveFile) {
  const TempDir temp("whist-score-");
  const std::string dir = temp.str();
  const Transcript t =
      score({"--players", "Ana,Bogdan,Cristi", "--file", dir + "/g.json"},
            "H\nexport csv " + dir + "/g.json\nexport json " + dir + "/../" +
                std::filesystem::path(dir).filename().string() + "/g.json\nquit\n");
  EXPECT_EQ(t.status, 0) << t.output;
  EXPECT_NE(t.output.find("  " + dir + "/g.json is this game's save file: export to another file"),
            std::string::npos)
      << t.output;
  EXPECT_EQ(count(t.output, "is this game's save file"), 2u) << t.output;
  const Transcript back = score({"--resume", dir + "/g.json"}, "quit\n");
  EXPECT_EQ(back.status, 0) << back.output;
  EXPECT_NE(back.output.find("  Turned card: H"), std::string::npos) << back.output;
  // On the command line too, and nothing is written.
  const Transcript cli = score(
      {"--resume", dir + "/g.json", "--csv", dir + "/t.csv", "--json", dir + "/./g.json"}, "");
  EXPECT_EQ(cli.status, 2);
  EXPECT_NE(cli.output.find("whist score: " + dir + "/./g.json is the game's save file"),
            std::string::npos)
      << cli.output;
  EXPECT_FALSE(std::filesystem::exists(dir + "/t.csv"));
  EXPECT_EQ(score({"--resume", dir + "/g.json"}, "quit\n").status, 0);
}

TEST(ScoreSession, BadSaveFileIsRefusedWithTheDealAndTheRule) {
  const TempDir temp("whist-score-");
  const std::string dir = temp.str();
  {
    std::ofstream f(dir + "/bad.json");
    f << "{\"format\": \"whist-score/1\", \"variant\": \"romanian\", \"players\": [\"A\", \"B\", "
         "\"C\"], \"first_dealer\": 0, \"deals\": [{\"trump\": \"H\", \"bids\": [1, 1, 0], "
         "\"tricks\": [0, 1, 0]}, {\"trump\": \"S\", \"bids\": [0, 1, 0], \"tricks\": [0, 1, 0]}]}";
  }
  const Transcript t = score({"--resume", dir + "/bad.json"}, "");
  EXPECT_EQ(t.status, 2);
  EXPECT_NE(t.output.find("whist score: " + dir +
                          "/bad.json: deal 2: B (dealer) bids 1: the hook forbids bid 1: the bids "
                          "would sum to 1, the cards dealt"),
            std::string::npos)
      << t.output;
}

// Regression: an empty list of players was read as the preset's four, and refused as
// "\"first_dealer\" must be a seat 0--1"; names one but for case were two players.
TEST(ScoreSession, ASaveFilesPlayersAreCheckedAsTheCommandLines) {
  const TempDir temp("whist-score-");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"[]", "romanian is played by 3 to 6 players, not 0"},
      {R"(["Ana", "ANA", "Bo"])",
       R"("players": ANA is named twice (Ana and ANA, case and spaces aside))"},
      // Regression: names --players refuses were taken from a file: "3", which an answer of 3
      // could not name (it is seat 3).
      {R"(["Ann", "3", "Cat", "Dan"])",
       R"("players": a name may not start with a digit ('3'): numbers stand for seats)"},
      {R"(["Ann", "B\u0007", "Cat"])",
       R"("players": a name may not hold control characters: 'B\x07')"},
      {R"(["Ann", "", "Cat"])", R"("players": player 2's name is empty)"},
      {R"(["Ann", 3, "Cat"])", R"("players": a player's name must be text, not 3)"},
      // Regression: a number not whole was shown as the parser holds it, {"bytes":[49,…]}.
      {R"(["Ann", 1.5, "Cat"])", R"("players": a player's name must be text, not 1.5)"},
  };
  for (const auto& [players, message] : cases) {
    const std::string file = temp.str() + "/p.json";
    {
      std::ofstream f(file);
      f << R"({"format": "whist-score/1", "variant": "romanian", "players": )" << players
        << R"(, "first_dealer": 0, "deals": []})";
    }
    const Transcript t = score({"--resume", file}, "");
    EXPECT_EQ(t.status, 2) << players;
    EXPECT_EQ(t.output, "whist score: " + file + ": " + message + "\n") << players;
  }
}

// A name longer than --players takes, which an older version took, stays: the game is resumed
// (regression: refused, the user's game could not be).
TEST(ScoreSession, ASaveFilesLongNameFromAnOlderVersionIsKept) {
  const TempDir temp("whist-score-");
  const std::string file = temp.str() + "/p.json";
  const std::string long_name = "Alexandrina Constantinescu-Popescu";  // 34 characters
  {
    std::ofstream f(file);
    f << R"({"format": "whist-score/1", "variant": "romanian", "players": ["Ann", ")" << long_name
      << R"(", "Cat"], "first_dealer": 0, "deals": []})";
  }
  const Transcript t = score({"--resume", file}, "quit\n");
  EXPECT_EQ(t.status, 0) << t.output;
  EXPECT_NE(read_text(file).find(long_name), std::string::npos);
}

// A new game is not saved over a file that holds something (before, --file replaced an older
// game at once).
TEST(ScoreSession, ANewGameDoesNotReplaceAnExistingFile) {
  const TempDir temp("whist-score-");
  const std::string file = temp.str() + "/friday.json";
  temp.write("friday.json", "an older game");
  const Transcript t = score({"--players", "Ana,Bogdan,Cristi", "--file", file}, "H\nquit\n");
  EXPECT_EQ(t.status, 2);
  EXPECT_NE(t.output.find("whist score: --file " + file +
                          ": the file exists, and a new game would replace it (whist score "
                          "--resume " +
                          file + " goes on with it)"),
            std::string::npos)
      << t.output;
  EXPECT_EQ(read_text(file), "an older game");
  // --save, `whist play`'s name for it, is the same option.
  const Transcript saved = score({"--players", "Ana,Bogdan,Cristi", "--save", file}, "H\nquit\n");
  EXPECT_EQ(saved.status, 2) << saved.output;
  EXPECT_NE(saved.output.find("the file exists"), std::string::npos) << saved.output;
}

// Regression (as in whist play): --resume with --file naming another game's file replaced it.
TEST(ScoreSession, AResumedGameDoesNotReplaceAnotherFile) {
  const TempDir temp("whist-score-");
  const std::string game = temp.str() + "/game.json", other = temp.str() + "/other.json";
  ASSERT_EQ(score({"--players", "Ana,Bogdan,Cristi", "--file", game}, "H\nquit\n").status, 0);
  temp.write("other.json", "another game");
  const Transcript t = score({"--resume", game, "--file", other}, "quit\n");
  EXPECT_EQ(t.status, 2);
  EXPECT_NE(
      t.output.find("whist score: --file " + other +
                    ": the file exists, and the game resumed from " + game + " would replace it"),
      std::string::npos)
      << t.output;
  EXPECT_EQ(read_text(other), "another game");
}

// Regression: a folder given as the save file aborted the program (libstdc++'s file stream threw
// as it read a directory), exit status 134.
TEST(ScoreSession, AFolderAsTheSaveFileIsRefused) {
  const TempDir temp("whist-score-");
  const Transcript t = score({"--resume", temp.str()}, "");
  EXPECT_EQ(t.status, 2);
  EXPECT_NE(t.output.find("whist score: cannot read '" + temp.str() + "': it is a directory"),
            std::string::npos)
      << t.output;
}

// A name is printed on every screen and sheet: one holding an escape sequence is refused, with the
// sequence shown harmless; so are the other mistakes of --players.
TEST(ScoreSession, BadNamesAreRefused) {
  const TempDir temp("whist-score-");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"Ana,\x1b[2JBo,Cy,Di",
       "whist score: --players: a name may not hold control characters: '\\x1b[2JBo'\n"},
      {"Ana,,Cy,Di", "whist score: --players: an empty name in 'Ana,,Cy,Di'\n"},
      {"Ana,2Bo,Cy,Di",
       "whist score: --players: a name may not start with a digit ('2Bo'): numbers stand for "
       "seats\n"},
      {"Ana,Bo,Ana,Di", "whist score: --players: Ana is named twice\n"},
      // Regression (review): "Ana Bo" and "Ana" U+00A0 "Bo" read alike: a prompt took player 1.
      {"Ana Bo,Ana\u00a0Bo,Cy,Di",
       "whist score: --players: Ana\u00a0Bo is named twice (Ana Bo and Ana\u00a0Bo, case and "
       "spaces aside)\n"},
      // Regression: names one to parse_player were two players, and "ANA" named Ana.
      {"Ana,Bo,ANA,Di",
       "whist score: --players: ANA is named twice (Ana and ANA, case and spaces aside)\n"},
      // Regression (an audit): case and accents were folded for ASCII letters alone.
      {"Ștefan,ștefan,Zoë",
       "whist score: --players: ștefan is named twice (Ștefan and ștefan, case "
       "and spaces aside)\n"},
      {"Zoë,Bo,zoë",
       "whist score: --players: zoë is named twice (Zoë and zoë, case and "
       "spaces aside)\n"},
      // Regression: a name of 5,000 characters was taken, and the sheet was unreadable.
      {"Ana,Bo,Alexandrina Constantinescu",
       "whist score: --players: a name is at most 24 characters, not 26: 'Alexandrina "
       "Constantinescu'\n"},
      {"Ana,Bo," + std::string(5000, 'x'),
       "whist score: --players: a name is at most 24 characters, not 5000: '" +
           std::string(40, 'x') + "'…\n"},
      // Regression: a name not in UTF-8 aborted the program (status 134) as the file was written.
      {"A\xff,Bo,Cy", "whist score: --players: a name must be UTF-8 text: 'A\\xff'\n"},
      // Regression (an audit): two players shown alike, a name that shows nothing.
      {"Ana,Ana\u200b,Cy",
       "whist score: --players: a name holds an invisible character (U+200B) "
       "at character 4: 'Ana\u200b'\n"},
      {"Ana,\u2800,Cy", "whist score: --players: an empty name in 'Ana,\u2800,Cy'\n"},
      // Regression: atoi read 4294967299 as 3, and a 3-player game began.
      {"4294967299",
       "whist score: --players: '4294967299': romanian is played by 3 to 6 players (a list of "
       "names, or a number from 3 to 6)\n"},
      // Regression: 8 was refused as not "3-7", while 2 (and two names) went past --players.
      {"2",
       "whist score: --players: '2': romanian is played by 3 to 6 players (a list of names, or a "
       "number from 3 to 6)\n"},
      {"7",
       "whist score: --players: '7': romanian is played by 3 to 6 players (a list of names, or a "
       "number from 3 to 6)\n"},
      {"Ana,Bo", "whist score: --players: 2 names: romanian is played by 3 to 6 players\n"},
      {"Ana", "whist score: --players: 1 name: romanian is played by 3 to 6 players\n"},
      {"",
       "whist score: --players: an empty value\nRun whist score --help for more information.\n"},
  };
  for (const auto& [players, message] : cases) {
    const Transcript t = score({"--players", players, "--file", temp.str() + "/g.json"}, "");
    EXPECT_EQ(t.status, 2) << players;
    EXPECT_EQ(t.output, message) << players;
  }
  EXPECT_FALSE(std::filesystem::exists(temp / "g.json"));
}

// --players is held to the variant's own range, and the variant is checked first.
TEST(ScoreSession, PlayerCountsAreTheVariantsAndNameTheOption) {
  const TempDir temp("whist-score-");
  const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
      {"oh-hell", "8",
       "whist score: --players: '8': oh-hell is played by 3 to 7 players (a list of names, or a "
       "number from 3 to 7)\n"},
      {"israeli", "3",
       "whist score: --players: '3': israeli is played by 4 players (a list of names, or the "
       "number 4)\n"},
      {"serbian", "A,B,C",
       "whist score: --players: 3 names: serbian is played by 4 to 6 players\n"},
      {"bridge", "2", "whist score: unknown variant 'bridge' (see `whist variants`)\n"},
  };
  for (const auto& [variant, players, message] : cases) {
    const Transcript t =
        score({"--variant", variant, "--players", players, "--file", temp.str() + "/g.json"}, "");
    EXPECT_EQ(t.status, 2) << players;
    EXPECT_EQ(t.output, message) << players;
  }
  // Within the range, a count names the players.
  const Transcript seven =
      score({"--variant", "oh-hell", "--players", "7", "--file", temp.str() + "/g.json"}, "quit\n");
  EXPECT_EQ(seven.status, 0) << seven.output;
  EXPECT_NE(seven.output.find("for P1, P2, P3, P4, P5, P6, P7."), std::string::npos)
      << seven.output;
}

// The `direction` option tells where the players sit (regression: it was read nowhere).
TEST(ScoreSession, TheSessionSaysWhichWayPlayGoes) {
  const TempDir temp("whist-score-");
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{}, "Play goes clockwise, to the left: seat the players in the order named.\n"},
      {{"--variant", "serbian"},
       "Play goes counter-clockwise, to the right: seat the players in the order named.\n"},
      {{"direction=counter-clockwise"},
       "Play goes counter-clockwise, to the right: seat the players in the order named.\n"},
  };
  int k = 0;
  for (const auto& [args, line] : cases) {
    std::vector<std::string> all = {"--file", temp.str() + "/g" + std::to_string(++k) + ".json"};
    all.insert(all.end(), args.begin(), args.end());
    const Transcript t = score(all, "quit\n");
    EXPECT_EQ(t.status, 0) << t.output;
    EXPECT_NE(t.output.find("Keeping score of "), std::string::npos) << t.output;
    EXPECT_NE(t.output.find(line), std::string::npos) << line << t.output;
  }
}

// A session run in the test's process on `input`, its input not echoed; its output.
std::string run_session(Scorekeeper& keeper, const std::string& path, const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  cli::ScoreSession session(keeper, path, in, out, SheetStyle{}, false);
  EXPECT_EQ(session.run(), 0) << out.str();
  return out.str();
}

// Regression: the standings moved a place on only where the totals differed: a scratch tie lost
// on bids, and a total of 0 without zero play, were printed first beside the winner.
TEST(ScoreSession, TheStandingsRankAsTheWinnerLineDoes) {
  const TempDir temp("whist-score-");
  Rules scratch = *make_preset("romanian", 3);
  ASSERT_EQ(set_option(scratch, "schedule=3"), "");
  ASSERT_EQ(set_option(scratch, "scoring=scratch"), "");
  Scorekeeper a(scratch, {"A", "B", "C"}, 0);
  const std::string out_a = run_session(a, temp.str() + "/s.json", "H\n0 0 2\n0 1 2\n\n");
  EXPECT_NE(out_a.find("winner: A (0, lowest wins)"), std::string::npos) << out_a;
  EXPECT_NE(out_a.find("Final standings (lowest wins):\n  1. A  0\n  2. B  0\n  3. C  1\n"),
            std::string::npos)
      << out_a;
  Rules zero = *make_preset("romanian", 3);
  ASSERT_EQ(set_option(zero, "schedule=5,5"), "");
  ASSERT_EQ(set_option(zero, "zero_play=start"), "");
  Scorekeeper b(zero, {"A", "B", "C"}, 0);
  const std::string out_b =
      run_session(b, temp.str() + "/z.json", "H\nzero\n5 5 0\n0 0 5\nS\n0 1 0\n0 5 0\n\n");
  EXPECT_NE(out_b.find("winner: B (zero play)"), std::string::npos) << out_b;
  EXPECT_NE(out_b.find("Final standings:\n  1. B  0\n  2. C  0\n  3. A  -9\n"), std::string::npos)
      << out_b;
}

// Regression: a correction refused several numbers on a line ("not a bid: '0 1 1'"), which the
// help and the main prompt allow; and "edit 1.9", "edit 2abc" corrected deals 1 and 2.
TEST(ScoreSession, ACorrectionTakesSeveralNumbersOnALine) {
  const TempDir temp("whist-score-");
  Rules rules = *make_preset("romanian", 3);
  ASSERT_EQ(set_option(rules, "schedule=1,2,3"), "");
  Scorekeeper keeper(rules, {"A", "B", "C"}, 0);
  // Deal 2: B deals 2 cards; C, A, B bid and say their tricks in that order.
  const std::string out = run_session(keeper, temp.str() + "/e.json",
                                      "H\n0 0 0\n0 1 0\nS\n0 1 0\n0 1 1\n"
                                      "edit 1.9\nedit 2abc\n"
                                      "edit 2\n\n0 0 1 1\n0 0 1\n1 0 1\nquit\n");
  EXPECT_NE(
      out.find("  not a deal number: '1.9' (edit N corrects a finished deal, N from 1 to 2)\n"),
      std::string::npos)
      << out;
  EXPECT_NE(out.find("  not a deal number: '2abc' (edit N corrects a finished deal, N from 1 to "
                     "2)\n"),
            std::string::npos)
      << out;
  EXPECT_EQ(out.find("Correcting deal 1"), std::string::npos) << out;
  EXPECT_NE(out.find("  4 numbers for 3 bids still to say: none taken (type only those)\n"),
            std::string::npos)
      << out;
  EXPECT_EQ(out.find("not a bid"), std::string::npos) << out;
  EXPECT_NE(out.find("  deal 2 corrected\n"), std::string::npos) << out;
  ASSERT_EQ(keeper.deals().size(), 2u);
  EXPECT_EQ(keeper.deals()[1].bids[0], 0);
  EXPECT_EQ(keeper.deals()[1].bids[1], 1);
  EXPECT_EQ(keeper.deals()[1].bids[2], 0);
  EXPECT_EQ(keeper.deals()[1].tricks[0], 0);
  EXPECT_EQ(keeper.deals()[1].tricks[1], 1);
  EXPECT_EQ(keeper.deals()[1].tricks[2], 1);
}

// Regression: a deal in progress with a gap was taken up to the gap, and the file saved again
// without what followed it; it is refused, and the file left as it was.
TEST(ScoreSession, ASaveFileWithAGapIsRefusedAndLeftAlone) {
  const TempDir temp("whist-score-");
  const std::string text =
      R"({"format":"whist-score/1","variant":"romanian","options":{},"players":["A","B","C"],)"
      R"("first_dealer":0,"deals":[],"current":{"trump":"H","bids":[1,null,0],)"
      R"("tricks":[0,null,null]}})";
  temp.write("gap.json", text);
  const std::string file = temp.str() + "/gap.json";
  const Transcript t = score({"--resume", file}, "quit\n");
  EXPECT_EQ(t.status, 2);
  EXPECT_EQ(t.output, "whist score: " + file +
                          ": deal 1 (in progress): B bids: no answer, yet later answers are "
                          "given\n");
  EXPECT_EQ(read_text(file), text);
}

// With its input piped, the session writes each line it reads after the prompt, a transcript.
// A line holding an escape sequence was written back as it was, and cleared the terminal.
TEST(ScoreSession, EchoedInputHasItsControlCharactersEscaped) {
  const TempDir temp("whist-score-");
  const Rules rules = *make_preset("romanian", 3);
  Scorekeeper keeper(rules, {"Ana", "Bo", "Cy"}, 0);
  std::istringstream in("H\n\x1b[2J\x07\n");
  std::ostringstream out;
  cli::ScoreSession session(keeper, temp.str() + "/g.json", in, out, SheetStyle{}, true);
  session.run();
  EXPECT_EQ(out.str().find('\x1b'), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find('\x07'), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("\\x1b[2J\\x07\n"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace whist
