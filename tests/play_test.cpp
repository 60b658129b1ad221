// `whist play` end to end: the real program driven through pipes and a pseudo-terminal. Whole
// scripted games of every preset to the final sheet, illegal input refused with its reason, save
// and resume in the middle of a deal (quit and Ctrl-C), letters or symbols and colour, the
// commands, several humans, bad command lines. The bots are the heuristic's: fast.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/text.h"
#include "play_driver.h"
#include "temp_dir.h"

namespace whist::play_testing {
namespace {

namespace fs = std::filesystem;

using test_files::TempDir;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Runs the program to its end with nothing on its input; returns the exit status.
int run(const std::vector<std::string>& args, std::string& output) {
  Whist w(args, {});
  const int status = w.finish();
  output = w.transcript();
  return status;
}

std::vector<std::string> game_args(const fs::path& save, std::vector<std::string> more) {
  std::vector<std::string> args = {"play", "--bots", "heuristic", "--save", save.string()};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(PlayCli, AWholeScriptedGameToTheFinalSheet) {
  const TempDir dir;
  const fs::path save = dir / "game.json";
  Whist w(game_args(save, {"--seed", "3", "schedule=3,2,1"}), {});
  const Played p = play_through(w);
  const std::string& out = w.transcript();
  EXPECT_EQ(p.status, 0) << out;
  EXPECT_NE(out.find("Seed 3 (--seed 3 plays this game again)"), std::string::npos);
  EXPECT_EQ(count(out, "Deal over."), 3u) << out;
  // A deal's heading is shown once before its first action, not again straight after.
  std::istringstream lines(out);
  std::string previous;
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) continue;
    EXPECT_FALSE(line.rfind("Deal ", 0) == 0 && line == previous) << "repeated: " << line;
    previous = line;
  }
  EXPECT_NE(out.find("\nGame over. The record is saved in " + save.string()), std::string::npos);
  // The final sheet is the one `whist replay` prints from the record.
  std::string sheet;
  ASSERT_EQ(run({"replay", save.string()}, sheet), 0) << sheet;
  EXPECT_NE(sheet.find("winner"), std::string::npos) << sheet;
  EXPECT_NE(out.find(sheet + "\nGame over."), std::string::npos) << out << "\n---\n" << sheet;
  std::string summary;
  ASSERT_EQ(run({"replay", "--json", save.string()}, summary), 0);
  EXPECT_TRUE(nlohmann::json::parse(summary)["complete"].get<bool>());
}

// Every line of `text` within 80 columns on the terminal, but for those `skip` accepts (a line
// naming a file, whose path is never broken).
template <class Skip>
void expect_within_eighty_columns(const std::string& text, Skip skip) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (skip(line)) continue;
    EXPECT_LE(display_width(line), 80u) << line;
  }
}

struct PresetCase {
  std::vector<std::string> args;
  bool bold;  // the human bids in auctions rather than passing
  std::string seed;
  std::vector<std::string> shown;  // what the human must have been asked or shown
};

TEST(PlayCli, EveryPresetIsPlayable) {
  const std::vector<PresetCase> cases = {
      {{"one_card_mode=dealer", "end=deals", "deals=4"},
       false,
       "8",
       {"Choose how the one card is played: 1) regular   2) forehead   3) blind"}},
      {{"one_card_mode=forehead", "end=deals", "deals=1"},
       false,
       "8",
       {"Your card: 1:? (on your forehead: you cannot see it)", "'s cards: "}},
      {{"one_card_mode=blind", "end=deals", "deals=1"},
       false,
       "8",
       {"Your cards: face down (you bid blind)"}},
      {{"special_hands=blind,zero,eight", "schedule=2", "zero_play=start"},
       false,
       "8",
       {"; or zero to announce zero play", "(everyone must bid 0 in this hand)", "blind bidding",
        "(everyone must bid 8 in this hand)"}},
      {{"--variant", "triangular", "schedule=2,1"}, false, "8", {"Deal over."}},
      {{"--variant", "serbian", "end=deals", "deals=1"}, false, "8", {"13 cards each"}},
      {{"--variant", "oh-hell", "--players", "5", "end=deals", "deals=1"}, false, "8", {"Bot4"}},
      {{"--variant", "israeli", "end=deals", "deals=2"},
       false,
       "1",
       {"Nobody bid: each player passes 3 cards to the next.", "Choose 3 more cards to pass to",
        "You received"}},
      // The header gives the auction's trump once known, and the target of the game.
      {{"--variant", "israeli", "end=deals", "deals=1"},
       true,
       "8",
       {"You win the auction with", " (the auction's)\n"}},
      {{"--variant", "israeli", "target_score=20"}, false, "8", {"Deal 1 (to 20 points): "}},
      {{"--variant", "call-ace", "end=deals", "deals=2"},
       true,
       "8",
       {"You win the auction: contract", "a kitty of 3, contracts by auction,",
        "Call a card (its holder is your secret partner)", "The kitty: 1) take the kitty",
        "Discard 3 more cards to the kitty"}},
      {{"--variant", "call-ace", "end=deals", "deals=1"}, false, "8", {"Auction: "}},
  };
  const TempDir dir;
  int k = 0;
  for (const PresetCase& c : cases) {
    std::string name;
    for (const auto& a : c.args) name += a + " ";
    SCOPED_TRACE(name);
    const fs::path save = dir / ("game" + std::to_string(++k) + ".json");
    std::vector<std::string> args = c.args;
    args.insert(args.end(), {"--seed", c.seed});
    Whist w(game_args(save, args), {});
    const Played p = play_through(w, c.bold);
    const std::string& out = w.transcript();
    EXPECT_EQ(p.status, 0) << out;
    EXPECT_NE(out.find("\nGame over."), std::string::npos) << out;
    for (const std::string& s : c.shown) EXPECT_NE(out.find(s), std::string::npos) << s << out;
    std::string sheet;
    EXPECT_EQ(run({"replay", save.string()}, sheet), 0) << sheet;
    // Within 80 columns on the terminal (regression: a Call-Ace call of 428 columns, an auction of
    // 123, a hand of 13 cards of 85, a Call-Ace sheet's row of 84), but for the lines that name
    // the file.
    expect_within_eighty_columns(out + sheet, [&](const std::string& line) {
      return line.find(dir.str()) != std::string::npos;
    });
  }
}

// The `direction` option says where the others sit: the next seat in playing order on the
// human's left when play goes clockwise, on the right counter-clockwise (regression: the option
// was read nowhere).
TEST(PlayCli, TheWelcomeSaysWhereTheOthersSit) {
  const TempDir dir;
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{}, "Play goes clockwise: Bot1 sits on your left, Bot3 on your right.\n"},
      {{"--variant", "serbian"},
       "Play goes counter-clockwise: Bot1 sits on your right, Bot3 on your left.\n"},
      {{"--seat", "2", "direction=counter-clockwise"},
       "Play goes counter-clockwise: Bot3 sits on your right, Bot2 on your left.\n"},
      {{"--variant", "serbian", "direction=clockwise", "--players", "5", "--seat", "4"},
       "Play goes clockwise: Bot1 sits on your left, Bot4 on your right.\n"},
      {{"--humans", "2"}, "Play goes clockwise, to the left: the players sit in seat order.\n"},
  };
  int k = 0;
  for (const auto& [args, line] : cases) {
    std::vector<std::string> all = {"play",
                                    "--bots",
                                    "random",
                                    "--seed",
                                    "1",
                                    "--save",
                                    (dir / ("g" + std::to_string(++k) + ".json")).string()};
    all.insert(all.end(), args.begin(), args.end());
    Whist w(all, {});
    const std::string screen = w.next_screen();
    EXPECT_NE(screen.find(line), std::string::npos) << line << screen;
    w.close_input();  // the end of the input ends the game, saved
    w.finish();
  }
}

// The screen after sending `text`, up to the next prompt.
std::string answer(Whist& w, const std::string& text) {
  w.line(text);
  return w.next_screen();
}

TEST(PlayCli, IllegalInputIsRefusedWithTheReasonAndNothingIsLost) {
  const TempDir dir;
  const fs::path save = dir / "game.json";
  // Each player deals one deal of 3 cards: the human deals once and meets the hook.
  Whist w(game_args(save, {"--seed", "4", "schedule=3,3,3,3"}), {});
  bool hook = false, follow = false;
  int tries = 0;
  int prompts = 0;
  for (std::string screen = w.next_screen(); !w.ended(); screen = w.next_screen()) {
    ASSERT_LT(++prompts, 2000) << w.transcript().substr(w.transcript().size() - 3000);
    std::smatch m;
    if (!hook && std::regex_search(screen, m, std::regex(R"(the hook forbids (\d))"))) {
      hook = true;
      const std::string x = m[1];
      // Broken at 80 columns, the rest indented under the line's own indent.
      EXPECT_NE(answer(w, x).find("  Not allowed: " + x + ": the hook forbids bid " + x +
                                  ": the bids would sum to 3, the cards\n    dealt\n"),
                std::string::npos);
      EXPECT_NE(answer(w, "9").find("  Not allowed: 9: bid 9 out of range 0-3\n"),
                std::string::npos);
      EXPECT_NE(answer(w, "xyz").find("  cannot read 'xyz': type your bid as a number of tricks"),
                std::string::npos);
      screen = answer(w, "help");
      EXPECT_NE(screen.find("Commands:"), std::string::npos);
      EXPECT_NE(screen.find("Your bid: "), std::string::npos);  // asked again
    }
    if (!follow && std::regex_search(screen, m, std::regex(R"(\(you must follow (\w)\))"))) {
      follow = true;
      const std::string suit = m[1];
      // A card of the hand that may not be played: its number is not in the legal list.
      std::smatch hand, legal;
      ASSERT_TRUE(std::regex_search(screen, hand, std::regex(R"(Your hand:(.*))")));
      ASSERT_TRUE(std::regex_search(screen, legal, std::regex(R"(Play a card:(.*))")));
      std::string wrong, wrong_card;
      const std::string h = hand[1];
      const std::regex numbered(R"((\d+):(\S+))");
      for (auto it = std::sregex_iterator(h.begin(), h.end(), numbered);
           it != std::sregex_iterator(); ++it) {
        if (legal[1].str().find(" " + (*it)[1].str() + ":") == std::string::npos) {
          wrong = (*it)[1];
          wrong_card = (*it)[2];
        }
      }
      ASSERT_FALSE(wrong.empty()) << screen;
      EXPECT_NE(
          answer(w, wrong).find("  Not allowed: " + wrong_card + ": must follow suit " + suit),
          std::string::npos);
      // The deck has 8 cards a player (7 to ace): the two of clubs is in no hand.
      EXPECT_NE(answer(w, "2c").find("  Not allowed: 2C: card not in hand\n"), std::string::npos);
      EXPECT_NE(answer(w, "99").find("  there is no card number 99: your cards are 1 to"),
                std::string::npos);
      EXPECT_TRUE(std::regex_search(answer(w, "last"),
                                    std::regex("Trick \\d: .* won it\\.|No trick has been")));
      screen = answer(w, "help");  // shows the choices again
    }
    w.line(auto_reply(screen, tries, false));
  }
  EXPECT_TRUE(hook) << w.transcript();
  EXPECT_TRUE(follow) << w.transcript();
  EXPECT_EQ(w.finish(), 0);
  EXPECT_NE(w.transcript().find("\nGame over."), std::string::npos);
  std::string sheet;
  EXPECT_EQ(run({"replay", save.string()}, sheet), 0) << sheet;
}

TEST(PlayCli, SavedMidDealAndResumedItIsTheSameGame) {
  const TempDir dir;
  const std::vector<std::string> rules = {"--seed", "21", "schedule=3,3"};
  Whist whole(game_args(dir / "whole.json", rules), {});
  ASSERT_EQ(play_through(whole).status, 0);
  const std::string expected = read_text(dir / "whole.json");

  // Quit with `quit` at the 3rd question: the first deal has its bids and cards played.
  Whist part(game_args(dir / "part.json", rules), {});
  ASSERT_EQ(play_through(part, false, 2).status, 0);
  EXPECT_NE(part.transcript().find("Game saved in " + (dir / "part.json").string() +
                                   ".\nTo go on: whist play --resume "),
            std::string::npos);
  std::string summary;
  ASSERT_EQ(run({"replay", "--json", (dir / "part.json").string()}, summary), 0) << summary;
  const auto unfinished = nlohmann::json::parse(summary)["unfinished"];
  ASSERT_FALSE(unfinished.is_null()) << summary;
  EXPECT_GT(unfinished["plays"].get<int>(), 0) << summary;
  Whist resumed({"play", "--resume", (dir / "part.json").string()}, {});
  ASSERT_EQ(play_through(resumed).status, 0) << resumed.transcript();
  EXPECT_NE(resumed.transcript().find("Resuming the game saved in"), std::string::npos);
  EXPECT_EQ(read_text(dir / "part.json"), expected);

  // Ctrl-C on a terminal saves too.
  Whist stopped(game_args(dir / "ctrl-c.json", rules), {true, {}});
  const Played p = play_through(stopped, false, 6, "\x03");  // in the second deal
  EXPECT_EQ(p.status, 0) << stopped.transcript();
  EXPECT_NE(stopped.transcript().find("Game saved in"), std::string::npos);
  Whist again({"play", "--resume", (dir / "ctrl-c.json").string()}, {});
  ASSERT_EQ(play_through(again).status, 0) << again.transcript();
  EXPECT_EQ(read_text(dir / "ctrl-c.json"), expected);

  // The end of the input (Ctrl-D) saves as well.
  Whist eof(game_args(dir / "eof.json", rules), {});
  eof.next_screen();
  eof.close_input();
  EXPECT_EQ(eof.finish(), 0);
  EXPECT_NE(eof.transcript().find("Game saved in"), std::string::npos) << eof.transcript();
  EXPECT_TRUE(fs::exists(dir / "eof.json"));
}

TEST(PlayCli, LettersOrSymbolsAndColour) {
  const TempDir dir;
  int games = 0;  // a new game each time, in a file of its own
  const auto first_screen = [&](std::vector<std::string> extra, bool pty) {
    const std::string file = "g" + std::to_string(++games) + ".json";
    Whist w(game_args(dir / file, extra), {pty, {{"LANG", "C.UTF-8"}}});
    std::string screen = w.next_screen();
    w.line("quit");
    w.finish();
    return screen;
  };
  const auto has_symbols = [](const std::string& s) {
    return s.find("♠") != std::string::npos || s.find("♥") != std::string::npos ||
           s.find("♦") != std::string::npos || s.find("♣") != std::string::npos;
  };
  const std::vector<std::string> seed = {"--seed", "2"};
  const std::string terminal = first_screen(seed, true);
  EXPECT_TRUE(has_symbols(terminal)) << terminal;
  EXPECT_NE(terminal.find("\033["), std::string::npos) << terminal;
  const std::string ascii = first_screen({"--seed", "2", "--ascii"}, true);
  EXPECT_FALSE(has_symbols(ascii)) << ascii;
  EXPECT_EQ(ascii.find("\033["), std::string::npos) << ascii;
  EXPECT_TRUE(std::regex_search(ascii, std::regex(R"(Your hand: 1:(10|[AKQJ2-9])[SHDC])")))
      << ascii;
  const std::string piped = first_screen(seed, false);
  EXPECT_FALSE(has_symbols(piped)) << piped;
  EXPECT_EQ(piped.find("\033["), std::string::npos) << piped;
}

// Regression: in a forehead deal the hint named the card the player may not see.
TEST(PlayCli, TheHintKeepsAForeheadCardUnseen) {
  const TempDir dir;
  Whist w(game_args(dir / "game.json", {"--seed", "7", "--ascii", "one_card_mode=forehead"}), {});
  std::string screen = w.next_screen();
  ASSERT_NE(screen.find("Your card: on your forehead"), std::string::npos) << screen;
  screen = answer(w, "0");
  ASSERT_NE(screen.find("Play your card: 1"), std::string::npos) << screen;
  const std::string hint = answer(w, "hint");
  EXPECT_NE(hint.find("Your one card is on your forehead: play it (1), unseen."), std::string::npos)
      << hint;
  EXPECT_FALSE(std::regex_search(hint, std::regex(R"((10|[AKQJT2-9])[SHDC])"))) << hint;
  // The protocols' name of the play is understood too (regression: "you have none to play").
  screen = answer(w, "play unseen");
  EXPECT_EQ(screen.find("Not allowed"), std::string::npos) << screen;
  EXPECT_NE(screen.find("Deal over."), std::string::npos) << screen;
  w.line("quit");
  EXPECT_EQ(w.finish(), 0);
}

// Regression: in Call-Ace, a joker allowed beside the led suit was read as "you have no H: you
// must trump" (there is no duty to trump in Call-Ace).
TEST(PlayCli, TheReasonForTheCardsAllowedCountsJokers) {
  const TempDir dir;
  Whist w({"play", "--variant", "call-ace", "--bots", "heuristic", "--seed", "8", "--ascii",
           "--save", (dir / "game.json").string()},
          {});
  w.next_screen();
  answer(w, "pass");
  answer(w, "S");
  const std::string screen = answer(w, "keep");
  EXPECT_NE(screen.find("Your hand: 1:X3 "), std::string::npos) << screen;
  EXPECT_NE(screen.find("Play a card: 1:X3 8:10H 9:8H 10:2H (you must follow H, or play a joker)"),
            std::string::npos)
      << screen;
  EXPECT_EQ(screen.find("must trump"), std::string::npos) << screen;
  w.line("quit");
  EXPECT_EQ(w.finish(), 0);
}

// The hint bot is the bots' own when they all play one spec, given once or for each
// (regression: heuristic,heuristic,heuristic gave the expert's hints), else the expert.
TEST(PlayCli, TheHintBotIsTheOneTheBotsShare) {
  const TempDir dir;
  for (const auto& [bots, hinter] : std::vector<std::pair<std::string, std::string>>{
           {"heuristic,heuristic,heuristic", "heuristic"},
           {"heuristic,random,heuristic", "expert:normal"},
           {"random", "expert:normal"}}) {
    const fs::path save = dir / (std::to_string(bots.size()) + ".json");
    Whist w({"play", "--bots", bots, "--seed", "6", "--save", save.string(), "schedule=3,3"}, {});
    ASSERT_NE(w.next_screen().find("Your bid: "), std::string::npos) << bots;
    const std::string hint = answer(w, "hint");
    EXPECT_NE(hint.find("  " + hinter + " would choose: "), std::string::npos) << bots << hint;
    w.line("quit");
    EXPECT_EQ(w.finish(), 0);
  }
}

TEST(PlayCli, HintUndoLastAndSheet) {
  const TempDir dir;
  const fs::path save = dir / "game.json";
  Whist w(game_args(save, {"--seed", "6", "schedule=3,3"}), {});
  std::string screen = w.next_screen();
  ASSERT_NE(screen.find("Your bid: "), std::string::npos) << screen;
  EXPECT_NE(answer(w, "undo").find("nothing to undo: you have not played yet"), std::string::npos);
  EXPECT_NE(answer(w, "sheet").find("No deal is finished yet."), std::string::npos);
  EXPECT_NE(answer(w, "last").find("No trick has been completed in this deal yet."),
            std::string::npos);
  const std::string hint = answer(w, "hint");
  EXPECT_NE(hint.find("  heuristic would choose: "), std::string::npos) << hint;
  EXPECT_NE(hint.find("choice: bid "), std::string::npos) << hint;
  screen = answer(w, "0");
  EXPECT_NE(screen.find("You bid 0."), std::string::npos) << screen;
  screen = answer(w, "undo");
  EXPECT_NE(screen.find("  Taken back."), std::string::npos) << screen;
  EXPECT_NE(screen.find("Your bid: "), std::string::npos) << screen;
  EXPECT_TRUE(std::regex_search(screen, std::regex(R"(> You +- +0)"))) << screen;
  w.line("quit");
  EXPECT_EQ(w.finish(), 0);
}

TEST(PlayCli, SeveralHumansPassTheKeyboard) {
  const TempDir dir;
  const fs::path save = dir / "game.json";
  Whist w(game_args(save, {"--seed", "1", "--humans", "2", "--names", "Ana,Bo", "--seat", "1",
                           "schedule=2"}),
          {});
  const Played p = play_through(w);
  const std::string& out = w.transcript();
  EXPECT_EQ(p.status, 0) << out;
  EXPECT_NE(out.find("Pass the keyboard to Ana, then press Enter."), std::string::npos) << out;
  EXPECT_NE(out.find("Pass the keyboard to Bo, then press Enter."), std::string::npos) << out;
  EXPECT_NE(out.find("\nAna> "), std::string::npos);
  EXPECT_NE(out.find("\nBo> "), std::string::npos);
  // Through a pipe nothing is cleared: the players are told (regression, from an audit).
  EXPECT_NE(out.find("The output is not a terminal: it is not cleared between players"),
            std::string::npos)
      << out;
  const auto record = nlohmann::json::parse(read_text(save));
  EXPECT_EQ(record["players"], nlohmann::json::parse(R"(["Bot1", "Ana", "Bo", "Bot2"])"));
  EXPECT_EQ(record["session"]["seats"][1], "human");
  EXPECT_EQ(record["session"]["seats"][2], "human");
}

// Names of emoji (U+200D and U+FE0F inside them) are taken, and blank characters around a name
// are trimmed as spaces are (U+3000 or U+00A0 at an end would stay in it, unseen).
TEST(PlayCli, EmojiNamesAreTakenAndBlankCharactersAroundNamesTrimmed) {
  const TempDir dir;
  const fs::path save = dir / "game.json";
  Whist w(game_args(save, {"--seed", "1", "--humans", "2", "--names",
                           "\u3000\u2764\ufe0f Ana\u00a0, \U0001F469\u200d\U0001F467\u3000",
                           "--seat", "1", "schedule=2"}),
          {});
  const Played p = play_through(w);
  EXPECT_EQ(p.status, 0) << w.transcript();
  const auto record = nlohmann::json::parse(read_text(save));
  EXPECT_EQ(record["players"],
            (nlohmann::json{"Bot1", "\u2764\ufe0f Ana", "\U0001F469\u200d\U0001F467", "Bot2"}));
}

// Regression: keys typed ahead answered the next prompt: a second Enter passed the keyboard on
// and showed the next player's hand, and "3⏎8⏎" bid 3 and played card 8 before the bots' cards
// were seen. At a terminal what was typed before a screen is dropped when it is shown.
TEST(PlayCli, KeysTypedAheadAreDroppedAtATerminal) {
  const TempDir dir;
  for (const bool hot_seat : {true, false}) {
    std::vector<std::string> args = {"--seed", "1", "schedule=2"};
    if (hot_seat) args.insert(args.end(), {"--humans", "2", "--names", "Ana,Bo", "--seat", "1"});
    Whist w(game_args(dir / (hot_seat ? "two.json" : "one.json"), args), {true, {}});
    int tries = 0;
    std::string screen = w.next_screen();
    if (hot_seat) {
      ASSERT_NE(screen.find("Pass the keyboard to "), std::string::npos) << screen;
      w.line("");
      screen = w.next_screen();
    }
    ASSERT_NE(screen.find("Your bid:"), std::string::npos) << screen;
    // The bid, then an Enter and a command typed ahead.
    w.send(auto_reply(screen, tries, false) + "\n\nhelp\n");
    screen = w.next_screen();
    EXPECT_EQ(screen.find("Commands:"), std::string::npos) << screen;
    if (hot_seat) {
      // The keyboard waits for the next player's own Enter, no hand shown.
      ASSERT_TRUE(screen.ends_with("Pass the keyboard to Bo, then press Enter.") ||
                  screen.ends_with("Pass the keyboard to Ana, then press Enter."))
          << screen;
      EXPECT_EQ(screen.find("Your hand", screen.rfind("Pass the keyboard")), std::string::npos);
      w.line("");
      screen = w.next_screen();
      EXPECT_EQ(screen.find("Commands:"), std::string::npos) << screen;
      EXPECT_NE(screen.find("Your hand"), std::string::npos) << screen;
    }
    ASSERT_TRUE(screen.ends_with("> ")) << screen;
    w.line("quit");
    EXPECT_EQ(w.finish(), 0);
  }
}

// Regression: at one keyboard on a terminal, a deal's result and the score sheet were cleared as
// soon as they were shown, when the keyboard went to another player. Now all may read them
// before the next hand is shown.
TEST(PlayCli, HotSeatPlayersSeeADealsResultBeforeItIsCleared) {
  const TempDir dir;
  Whist w(game_args(dir / "g.json", {"--seed", "2", "schedule=2,2,2,2", "--humans", "2", "--names",
                                     "Ana,Bo", "--seat", "1"}),
          {true, {}});
  int waits = 0;
  int tries = 0;
  for (int prompts = 0; prompts < 2000; ++prompts) {
    const std::string screen = w.next_screen();
    if (w.ended()) break;
    const size_t over = screen.rfind("Deal over.");
    if (over != std::string::npos) {
      // Nothing clears it, shows a hand or passes the keyboard before the players say they have
      // seen it.
      EXPECT_TRUE(screen.ends_with("When everyone has seen the result, press Enter.")) << screen;
      EXPECT_EQ(screen.find("Your hand", over), std::string::npos) << screen;
      ++waits;
    }
    w.line(auto_reply(screen, tries, false));
  }
  EXPECT_EQ(w.finish(), 0) << w.transcript();
  EXPECT_EQ(waits, 3);  // the last deal's result ends the game
}

// Regression: a terminal without escape codes (TERM=dumb) was sent ESC[2J to hide the last
// player's hand before the keyboard was passed on: garbage there, and the hand stayed in sight.
TEST(PlayCli, ADumbTerminalIsClearedWithEmptyLines) {
  const TempDir dir;
  Whist w(game_args(dir / "g.json",
                    {"--seed", "1", "schedule=2", "--humans", "2", "--names", "Ana,Bo"}),
          {true, {{"TERM", "dumb"}}});
  const std::string screen = w.next_screen();
  EXPECT_EQ(screen.find('\033'), std::string::npos) << screen;
  EXPECT_NE(screen.find(std::string(30, '\n') + "Pass the keyboard to "), std::string::npos)
      << screen;
  // Empty lines hide a hand from sight, not from the scrollback: the players are told so
  // (regression: nothing said it).
  EXPECT_NE(screen.find("This terminal (TERM=dumb) is not known to clear its scrollback"),
            std::string::npos)
      << screen;
  w.line("");
  EXPECT_EQ(w.next_screen().find('\033'), std::string::npos);
  w.line("quit");
  EXPECT_EQ(w.finish(), 0);
}

// Piped input is written back after its prompt, as `whist score` does, so that a transcript
// shows what was answered (regression: it showed the prompts alone). A terminal echoes what is
// typed itself, so there it is not written twice.
TEST(PlayCli, PipedAnswersAreWrittenBackOnceAndATerminalsAreNot) {
  const TempDir dir;
  for (const bool pty : {false, true}) {
    SCOPED_TRACE(pty ? "pty" : "pipe");
    Whist w(game_args(dir / (pty ? "t.json" : "p.json"), {"--seed", "1", "schedule=2"}),
            {.pty = pty, .env = {}});
    w.next_screen();
    const std::string screen = answer(w, "xyz\x01");
    EXPECT_EQ(count(screen, "xyz"), 2u) << screen;    // the echo, and the message that quotes it
    EXPECT_EQ(screen.rfind("xyz", 0), 0u) << screen;  // straight after the prompt
    if (!pty) {
      // A control character is shown escaped, not sent to the terminal that shows the transcript.
      EXPECT_NE(screen.find("xyz\\x01\n"), std::string::npos) << screen;
    }
    w.line("quit");
    EXPECT_EQ(w.finish(), 0);
  }
}

TEST(PlayCli, BadCommandLinesExitWithStatus2) {
  const TempDir dir;
  const std::vector<std::pair<std::vector<std::string>, std::string>> bad = {
      {{"--bots", "nobot"}, "whist play: bot 'nobot': unknown bot 'nobot'"},
      // Regression: the last of two levels was played (a game saved so still resumes).
      {{"--bots", "expert:easy:hard"},
       "whist play: bot 'expert:easy:hard': two levels, 'easy' and 'hard' (a bot plays at one)\n"},
      {{"--seat", "4"}, "whist play: --seat 4 must be from 0 to 3\n"},
      {{"--humans", "0"}, "whist play: --humans 0 must be from 1 to 4 (the players)\n"},
      {{"--humans", "2", "--names", "A"}, "whist play: --names gives 1 name for 2 humans\n"},
      {{"--names", "A,B"}, "whist play: --names gives 2 names for 1 human\n"},
      {{"--humans", "2", "--names", "A,\x1b[31mB"},
       "whist play: --names: a name may not hold control characters: '\\x1b[31mB'\n"},
      // Regression: two players of one name were let in, and could not be told apart.
      {{"--humans", "2", "--names", "Ann,Ann"}, "whist play: --names: 'Ann' is named twice\n"},
      // Regression (review): names that read alike were two players (Bo1 and Bo1 U+FE0F).
      {{"--humans", "2", "--names", "Bo1,Bo1\ufe0f"},
       "whist play: --names: 'Bo1' is named twice\n"},
      {{"--humans", "2", "--names", "Bot2,Ann"},
       "whist play: --names: 'Bot2' is a bot's name in this game (the bots are Bot1, Bot2 …)\n"},
      {{"--bots", "heuristic,random"}, "whist play: --bots lists 2 bots, but there are 3 bot "},
      {{"--variant", "bridge"}, "whist play: unknown variant 'bridge'"},
      {{"hook=maybe"}, "whist play: option hook: bad value 'maybe': expected on or off\n"},
      {{"--players", "9"}, "whist play: romanian is played by 3 to 6 players, not 9\n"},
      {{"--resume", (dir / "missing.json").string()}, "whist play: cannot read '"},
      // was "not JSON: … unexpected end of input"
      {{"--resume", dir.str()}, "whist play: cannot read '" + dir.str() + "': it is a directory\n"},
      // CLI11's own refusals get status 2 too, not its codes of 100 and up.
      {{"--seat", "abc"}, "whist play: --seat: 'abc' is not a whole number from 0 to 1000\n"},
      {{"--allow-engines"}, "whist play: --allow-engines requires --resume\n"},
      // Regression: the record held the name with U+FFFD in place of its bytes.
      {{"--names", "A\xff"}, "whist play: --names: a name must be UTF-8 text: 'A\\xff'\n"},
      // As the server's guests (regression: a name of any length was taken).
      {{"--names", std::string(25, 'x')},
       "whist play: --names: a name is at most 24 characters, not 25: '" + std::string(25, 'x') +
           "'\n"},
      {{"--names", "A\xe2\x80\xae"},
       "whist play: --names: a name may not hold control characters: 'A\\xe2\\x80\\xae'\n"},
      // Regression (an audit): a name that reads as another's, or shows nothing, or piles up
      // accents; U+3000 is trimmed as a space is, and leaves no name.
      {{"--humans", "2", "--names", "Ana,Ana\u200b"},
       "whist play: --names: a name holds an invisible character (U+200B) at character 4: "
       "'Ana\u200b'\n"},
      {{"--names", "\u3000"}, "whist play: --names: an empty name in '\u3000'\n"},
      {{"--names", "Z\u0301\u0301\u0301"},
       "whist play: --names: a name holds more than 2 combining marks in a row (U+0301) at "
       "character 4: 'Z\u0301\u0301\u0301'\n"},
      // Regression: an empty value was taken for the option not given: --resume '' began a new
      // game; and an empty last item of a list was dropped, "--bots random," was one spec.
      {{"--resume", ""}, "whist play: --resume: an empty value\n"},
      {{"--save", ""}, "whist play: --save: an empty value\n"},
      {{"--humans", "2", "--names", "Ann,"}, "whist play: --names: an empty name in 'Ann,'\n"},
      {{"--bots", "random,"}, "whist play: --bots lists 2 bots, but there are 3 bot seats\n"},
  };
  for (const auto& [args, message] : bad) {
    std::vector<std::string> all = {"play", "--save", (dir / "g.json").string()};
    all.insert(all.end(), args.begin(), args.end());
    std::string out;
    EXPECT_EQ(run(all, out), 2) << args[0];
    EXPECT_EQ(out.find(message), 0u) << out;
  }
  // A record that whist play did not write has no session to resume.
  std::ofstream(dir / "plain.json") << R"({"format": "whist-record/1", "variant": "romanian",
      "players": ["A", "B", "C"], "first_dealer": 0, "deals": []})";
  std::string out;
  EXPECT_EQ(run({"play", "--resume", (dir / "plain.json").string()}, out), 2);
  EXPECT_NE(out.find("has no \"session\" field"), std::string::npos) << out;
  // The game's settings come from the saved game.
  EXPECT_EQ(run({"play", "--resume", (dir / "plain.json").string(), "--seed", "3"}, out), 2);
  EXPECT_NE(out.find("--seed excludes --resume"), std::string::npos) << out;
  // What the file held is quoted on the error's one line.
  std::ofstream(dir / "odd.json") << R"({"format": "whist-record/1", "variant": "romanian",
      "players": ["A", "B", "C"], "first_dealer": 0, "deals": [],
      "session": {"seed": 1, "seats": ["human", "no\nbot", "heuristic"]}})";
  EXPECT_EQ(run({"play", "--resume", (dir / "odd.json").string()}, out), 2);
  EXPECT_NE(out.find(": bot 'no\\nbot': unknown bot"), std::string::npos) << out;
}

// A save file is data, perhaps from someone else: the external engines it names (ext:COMMAND,
// which runs COMMAND) start only with --allow-engines. Regression: resuming ran them unasked.
// Regression: an external engine was sent new-deal before each of its moves, so an engine that
// forgets the last deal at new-deal (as docs/bot-protocol.md asks) forgot the deal under way.
TEST(PlayCli, AnEngineIsToldOfEachDealOnce) {
  const TempDir dir;
  const fs::path log = dir / "log";
  const std::string engine = std::string("ext:sh '") + WHIST_SOURCE_DIR +
                             "/tests/data/engines/logs.sh' '" + log.string() + "'";
  Whist w({"play", "--bots", engine + ",heuristic,heuristic", "--seed", "2", "--save",
           (dir / "game.json").string(), "schedule=3,2"},
          {});
  EXPECT_EQ(play_through(w).status, 0) << w.transcript();
  std::ifstream in(log);
  int new_deals = 0, chooses = 0;
  for (std::string line; std::getline(in, line);) {
    line = line.substr(line.find(' ') + 1);  // without the process id
    new_deals += line.rfind("new-deal ", 0) == 0;
    chooses += line.rfind("choose ", 0) == 0;
  }
  EXPECT_EQ(new_deals, 2);    // two deals
  EXPECT_EQ(chooses, 4 + 3);  // a bid and three cards, a bid and two
}

// Regression: an engine's failure named neither the seat nor the deal, nor the file to go on with.
TEST(PlayCli, AnEnginesFailureSaysWhereAndHowToGoOn) {
  const TempDir dir;
  const fs::path save = dir / "game.json";
  const std::string engine =
      std::string("ext:sh '") + WHIST_SOURCE_DIR + "/tests/data/engines/illegal.sh'";
  Whist w({"play", "--bots", engine, "--seed", "2", "--save", save.string(), "schedule=2"}, {});
  const Played p = play_through(w);
  const std::string& out = w.transcript();
  EXPECT_EQ(p.status, 1) << out;
  EXPECT_TRUE(std::regex_search(
      out, std::regex(R"(whist play: Bot\d \(seat \d\), deal 1, action \d+: engine 'ext:sh )")))
      << out;
  EXPECT_NE(out.find("answered 'bid 63' (bid 63), which is not legal here"), std::string::npos)
      << out;
  EXPECT_NE(out.find("The game is saved in " + save.string() + ": whist play --resume " +
                     save.string() + " --allow-engines goes on with it."),
            std::string::npos)
      << out;
}

// Regression: Ctrl-C while an engine was thinking waited for the engine's time to run out, then
// failed with its timeout. The engine is stopped at once, and the game saved as on any Ctrl-C.
TEST(PlayCli, CtrlCWhileAnEngineThinksSavesTheGameAtOnce) {
  const TempDir dir;
  const std::string engine = std::string("ext:sh '") + WHIST_SOURCE_DIR +
                             "/tests/data/engines/hangs.sh' '" + (dir / "pids").string() + "'";
  Whist w({"play", "--bots", engine, "--seat", "3", "--seed", "1", "--save",
           (dir / "game.json").string()},
          {true, {{"WHIST_EXT_TIMEOUT_MS", "60000"}}});
  // The first bot to bid is asked, and sleeps (regression: a fixed half second was too short for
  // a sanitizer build under load, and the Ctrl-C came before whist play could take it).
  for (int i = 0; i < 3000 && !fs::exists(dir / "pids.choosing"); ++i) usleep(10000);
  ASSERT_TRUE(fs::exists(dir / "pids.choosing")) << w.transcript();
  const auto start = std::chrono::steady_clock::now();
  w.send("\x03");
  EXPECT_EQ(w.finish(), 0) << w.transcript();
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(secs, 10.0);
  EXPECT_EQ(w.transcript().find("Your bid"), std::string::npos) << "a bot was to move";
  EXPECT_NE(w.transcript().find("Game saved in"), std::string::npos) << w.transcript();
}

TEST(PlayCli, ASavedGameStartsItsExternalEnginesOnlyWhenAllowed) {
  const TempDir dir;
  const fs::path marker = dir / "ran";
  const auto save = [&](const std::string& name, const std::string& seat1,
                        const std::string& hint) {
    nlohmann::json record = {
        {"format", "whist-record/1"},
        {"variant", "romanian"},
        {"options", {{"schedule", "2,1"}}},
        {"players", {"A", "B", "C"}},
        {"first_dealer", 0},
        {"session", {{"seed", 4}, {"seats", {"human", seat1, "heuristic"}}, {"hint", hint}}},
        {"deals", nlohmann::json::array()}};
    std::ofstream(dir / name) << record.dump();
    return (dir / name).string();
  };
  const std::string touch = "ext:touch '" + marker.string() + "'";
  std::string out;
  EXPECT_EQ(run({"play", "--resume", save("seat.json", touch, "heuristic")}, out), 2);
  EXPECT_NE(out.find("seat 1 is \"" + touch +
                     "\", an external engine: resuming would run that "
                     "command; add --allow-engines if you trust the file"),
            std::string::npos)
      << out;
  EXPECT_EQ(run({"play", "--resume", save("hint.json", "heuristic", touch)}, out), 2);
  EXPECT_NE(out.find("the hint bot is \"" + touch + "\", an external engine"), std::string::npos)
      << out;
  // However the spec is spelt.
  EXPECT_EQ(run({"play", "--resume", save("spaced.json", "  " + touch, "heuristic")}, out), 2);
  EXPECT_NE(out.find(", an external engine: resuming would run that command"), std::string::npos)
      << out;
  EXPECT_FALSE(fs::exists(marker));
  // Allowed, the engine plays its seat to the end of the game.
  const std::string engine = std::string("ext:'") + WHIST_FIRST_LEGAL + "'";
  Whist allowed({"play", "--resume", save("mine.json", engine, "heuristic"), "--allow-engines"},
                {});
  EXPECT_EQ(play_through(allowed).status, 0) << allowed.transcript();
  EXPECT_NE(allowed.transcript().find("Game over."), std::string::npos) << allowed.transcript();
  // The command it shows for going on says so again.
  EXPECT_NE(allowed.transcript().find("mine.json --allow-engines\n"), std::string::npos)
      << allowed.transcript();
}

TEST(PlayCli, WithoutSaveTheGameGoesToTheDataDirectory) {
  const TempDir dir;
  Whist w({"play", "--bots", "heuristic", "--seed", "5"},
          {false, {{"XDG_DATA_HOME", dir.path().string()}}});
  w.next_screen();
  w.line("quit");
  EXPECT_EQ(w.finish(), 0);
  std::smatch m;
  const std::string out = w.transcript();
  ASSERT_TRUE(std::regex_search(out, m, std::regex(R"(Game saved in (\S+)\.\n)"))) << out;
  const fs::path saved = m[1].str();
  EXPECT_EQ(saved.parent_path(), dir.path() / "whist");
  EXPECT_TRUE(saved.filename().string().ends_with("-seed5.json")) << saved;
  EXPECT_TRUE(fs::exists(saved));
  // Only the commands to copy pass 80 columns, whole on their lines, with the data folder's long
  // path (regression: "Saving to PATH (whist play --resume PATH continues it)." took 159).
  expect_within_eighty_columns(
      out, [](const std::string& line) { return line.starts_with("To go on"); });
}

// A save that fails during the game (here its folder is replaced by a file) keeps the game in a
// file of its own in the data folder at the end, or failing that on the screen; status 1. Before,
// `quit` said only that the save failed, and the end of a game said it was saved when it was not.
TEST(PlayCli, AGameWhoseSaveFailsIsKeptElsewhere) {
  for (const bool data_folder_broken : {false, true}) {
    const TempDir dir;
    fs::create_directories(dir / "sub");
    Whist w(
        {"play", "--bots", "heuristic", "--seed", "5", "--save", (dir / "sub" / "g.json").string()},
        {false, {{"XDG_DATA_HOME", (dir / "data").string()}}});
    w.next_screen();
    fs::remove_all(dir / "sub");
    dir.write("sub", "a file where the folder was");
    if (data_folder_broken) dir.write("data", "a file where the data folder goes");
    w.line("quit");
    EXPECT_EQ(w.finish(), 1) << w.transcript();
    const std::string out = w.transcript();
    EXPECT_NE(out.find("whist play: cannot save the game: cannot write '"), std::string::npos)
        << out;
    const fs::path rescued = dir / "data" / "whist" / "g-unsaved.json";
    if (data_folder_broken) {
      EXPECT_NE(out.find("The game could not be saved anywhere; its record follows, to keep:\n{"),
                std::string::npos)
          << out;
    } else {
      EXPECT_NE(out.find("Game saved in " + rescued.string() +
                         " instead.\nTo go on: whist play "
                         "--resume " +
                         rescued.string()),
                std::string::npos)
          << out;
      EXPECT_TRUE(nlohmann::json::parse(read_text(rescued)).contains("session"));
    }
  }
}

// A new game is not saved over a file that holds something (before, `--save` replaced an older
// game at the first save); an empty file is used.
TEST(PlayCli, ANewGameDoesNotReplaceAnExistingFile) {
  const TempDir dir;
  dir.write("old.json", "an older game");
  std::string out;
  EXPECT_EQ(run(game_args(dir / "old.json", {}), out), 2);
  EXPECT_EQ(out, "whist play: --save " + (dir / "old.json").string() +
                     ": the file exists, and a new game would replace it (whist play --resume " +
                     (dir / "old.json").string() +
                     " goes on with it); choose another file or "
                     "remove it\n");
  EXPECT_EQ(read_text(dir / "old.json"), "an older game");
  // --file, `whist score`'s name for it, is the same option.
  EXPECT_EQ(run({"play", "--file", (dir / "old.json").string()}, out), 2);
  EXPECT_NE(out.find("the file exists"), std::string::npos) << out;
  dir.write("empty.json", "");
  Whist w(game_args(dir / "empty.json", {}), {});
  w.next_screen();
  w.line("quit");
  EXPECT_EQ(w.finish(), 0) << w.transcript();
  EXPECT_TRUE(nlohmann::json::parse(read_text(dir / "empty.json")).contains("session"));
}

// Regression: a resumed game with --save naming another game's file replaced that game.
TEST(PlayCli, AResumedGameDoesNotReplaceAnotherFile) {
  const TempDir dir;
  dir.write("game.json", "");
  Whist w(game_args(dir / "game.json", {}), {});
  w.next_screen();
  w.line("quit");
  ASSERT_EQ(w.finish(), 0) << w.transcript();
  dir.write("other.json", "another game");
  const std::string game = (dir / "game.json").string(), other = (dir / "other.json").string();
  std::string out;
  EXPECT_EQ(run({"play", "--resume", game, "--save", other}, out), 2);
  EXPECT_EQ(out, "whist play: --save " + other + ": the file exists, and the game resumed from " +
                     game + " would replace it (whist play --resume " + other +
                     " goes on with it); choose another file or remove it\n");
  EXPECT_EQ(read_text(dir / "other.json"), "another game");
  // The game's own file, however spelt, is where it goes on.
  Whist again({"play", "--resume", game, "--save", dir.str() + "/./game.json"}, {});
  again.next_screen();
  again.line("quit");
  EXPECT_EQ(again.finish(), 0) << again.transcript();
}

// Regression: in a Half contract the keyboard went to the secret partner by name ("Pass the
// keyboard to Player2" once AD was called), telling everyone at the keyboard who it was. Now every
// human is called in seat order, and only the partner has something to choose.
TEST(PlayCli, HotSeatCallsEveryoneWhenTheSecretPartnerChooses) {
  const TempDir dir;
  Whist w({"play", "--variant", "call-ace", "--humans", "2", "--seed", "5", "--bots",
           std::string("ext:sh '") + WHIST_SOURCE_DIR + "/tests/data/engines/passer.sh'", "--save",
           (dir / "g.json").string()},
          {});
  // Player1 bids 7 half, Player2 passes, Player1 calls AD (Player2's).
  for (const char* answer : {"", "7 half", "", "pass", "", "AD"}) {
    w.next_screen();
    w.line(answer);
  }
  std::string screen = w.next_screen();
  EXPECT_NE(screen.find("Player1 calls AD."), std::string::npos) << screen;
  EXPECT_NE(screen.find("Pass the keyboard to Player1, then press Enter."), std::string::npos)
      << screen;
  w.line("");
  screen = w.next_screen();
  EXPECT_NE(screen.find("Nothing for you to choose now: a player is choosing in secret."),
            std::string::npos)
      << screen;
  EXPECT_EQ(screen.find("Player2"), std::string::npos) << screen;
  w.line("");
  EXPECT_NE(w.next_screen().find("Pass the keyboard to Player2, then press Enter."),
            std::string::npos);
  w.line("");
  EXPECT_NE(w.next_screen().find("Choose trump"), std::string::npos);
  w.close_input();
  w.finish();
}

// Regression (an audit): the secret choices of a human declarer playing alone (its own ace called)
// were told on its own screen, then cleared, where a bot partner's were told after the round:
// the other human learnt whether the declarer played alone. Now they are told after the round,
// the same way whoever made them.
TEST(PlayCli, HotSeatTellsASecretChoiceTheSameWayWhoeverMadeIt) {
  const TempDir dir;
  for (const auto& [called, choices] :
       std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"AC", {"", ""}}, {"AH", {"", "H", "keep"}}}) {  // Bot1's; the declarer's own
    SCOPED_TRACE(called);
    Whist w({"play", "--variant", "call-ace", "--humans", "2", "--seat", "2", "--bots", "heuristic",
             "--seed", "21", "--save", (dir / (called + ".json")).string(), "deals=2"},
            {});
    // Player1 (the declarer) is called first, then Player2, who has nothing to choose.
    std::vector<std::string> answers = {"", "7 half", "", "pass", "", called};
    answers.insert(answers.end(), choices.begin(), choices.end());
    answers.insert(answers.end(), {"", ""});
    for (const std::string& answer : answers) {
      w.next_screen();
      w.line(answer);
    }
    w.next_screen();
    w.close_input();
    w.finish();
    const std::string& all = w.transcript();
    const size_t told = all.find("The partner or the declarer chooses trump");
    ASSERT_NE(told, std::string::npos) << all;
    EXPECT_LT(all.rfind("Nothing for you to choose now"), told) << all;
  }
}

// Games between humans of 24-character names, CJK (48 columns) and Latin with a space, asking
// for hints and the last trick on the way: every line within 80 columns but for those naming the
// file (regression: the opening list of players of 82 columns, "Pass the keyboard to NAME" of 88,
// a narrated trick of 123, the last trick of 159 and more, the legend of the sheet of 87).
TEST(PlayCli, LongNamesKeepEveryLineWithinEightyColumns) {
  const std::string cjk = "王李李李李李李李李李李李李李李李李李李李李李李李";
  const std::string cjk2 = "王王李李李李李李李李李李李李李李李李李李李李李李";
  const std::string latin = "Player xxxxxxxxxxxxxxxx1", latin2 = "Player yyyyyyyyyyyyyyyy2";
  const std::vector<std::vector<std::string>> cases = {
      {"--variant", "romanian", "schedule=3,2", "--names", cjk},
      {"--variant", "israeli", "end=deals", "deals=2", "--humans", "2", "--names",
       latin + "," + cjk},
      {"--variant", "call-ace", "end=deals", "deals=2", "--humans", "4", "--names",
       cjk + "," + latin + "," + cjk2 + "," + latin2},
      {"--variant", "oh-hell", "--players", "7", "end=deals", "deals=1", "--humans", "3", "--names",
       latin + "," + cjk + "," + cjk2},
  };
  const TempDir dir;
  int k = 0;
  for (const std::vector<std::string>& c : cases) {
    SCOPED_TRACE(c[1]);
    const fs::path save = dir / ("game" + std::to_string(++k) + ".json");
    std::vector<std::string> args = c;
    args.insert(args.end(), {"--seed", "8"});
    Whist w(game_args(save, args), {});
    int tries = 0;
    for (int prompts = 0;; ++prompts) {
      const std::string screen = w.next_screen();
      if (w.ended()) break;
      ASSERT_LT(prompts, 20000) << "the game does not end:\n"
                                << w.transcript().substr(w.transcript().size() - 3000);
      // Each command's answer, then the same question.
      if (!screen.ends_with("press Enter.")) {
        for (const char* command : {"last", prompts % 3 == 1 ? "hint" : ""}) {
          if (*command == '\0') continue;
          w.line(command);
          w.next_screen();
        }
      }
      w.line(auto_reply(screen, tries, true));
    }
    const std::string& out = w.transcript();
    EXPECT_EQ(w.finish(), 0) << out;
    EXPECT_NE(out.find("\nGame over."), std::string::npos) << out;
    EXPECT_NE(out.find(" would "), std::string::npos) << out;
    EXPECT_NE(out.find("won it."), std::string::npos) << out;
    if (c.back().find(',') != std::string::npos) {
      EXPECT_NE(out.find("Pass the keyboard to "), std::string::npos) << out;
    }
    std::string sheet;
    EXPECT_EQ(run({"replay", save.string()}, sheet), 0) << sheet;
    expect_within_eighty_columns(out + sheet, [&](const std::string& line) {
      return line.find(dir.str()) != std::string::npos;
    });
  }
}

// A save file that cannot be written is refused before the game starts; a folder is no file.
TEST(PlayCli, AnUnwritableSaveFileIsRefusedAtOnce) {
  const TempDir dir;
  std::string out;
  EXPECT_EQ(run({"play", "--bots", "heuristic", "--save", dir.str()}, out), 2);
  EXPECT_EQ(out, "whist play: --save " + dir.str() +
                     ": it is a directory, not a regular file: choose a file\n");
  dir.write("plain", "a file where the folder would go");
  const std::string path = (dir / "plain" / "g.json").string();
  EXPECT_EQ(run({"play", "--bots", "heuristic", "--save", path}, out), 1);
  EXPECT_EQ(out,
            "whist play: cannot save the game: cannot write '" + path + "': Not a directory\n");
}

}  // namespace
}  // namespace whist::play_testing
