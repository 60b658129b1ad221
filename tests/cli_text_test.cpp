// What the `whist` program prints about what it was given: a command line or a path holding
// control characters is refused, or named, without those characters reaching the terminal (an
// ESC [ 2 J in a mistyped option once cleared the screen it was echoed to), and the commands it
// suggests ("To go on: whist play --resume PATH") can be pasted back into a shell.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <vector>

#include "cli/files.h"
#include "core/rng.h"
#include "core/text.h"
#include "play_driver.h"
#include "temp_dir.h"

namespace whist::play_testing {
namespace {

namespace fs = std::filesystem;

const std::string kEsc = "\x1b[2J";                       // clears the screen
const std::string kCsi = std::string("\xc2\x9b") + "2J";  // the same with the C1 control U+009B

struct Refusal {
  std::vector<std::string> args;
  std::string said;  // what the message holds, escaped
};

TEST(CliText, ARefusedCommandLineIsQuotedWithItsControlCharactersEscaped) {
  const test_files::TempDir dir;
  const std::string bots = "random,random,random,random";
  const std::string escaped = "\\x1b[2J", escaped_c1 = "\\xc2\\x9b2J";
  const std::vector<Refusal> cases = {
      // whist's own refusals
      {{"arena", "--bots", bots, "--variant", "x" + kEsc}, "unknown variant 'x" + escaped},
      {{"arena", "--bots", "random,random,random,x" + kEsc}, "bot 'x" + escaped},
      {{"arena", "--bots", "random,random,random,ismcts:a" + kCsi + "=1"}, escaped_c1},
      {{"arena", "--bots", bots, "hook=" + kEsc}, "bad value '" + escaped},
      {{"arena", "--bots", bots, "x" + kEsc + "=1"}, "unknown option 'x" + escaped},
      {{"arena", "--bots", bots, "x" + kCsi}, "got 'x" + escaped_c1},
      {{"arena", "--bots", "random,,random,random" + kEsc}, escaped + "' has an empty bot spec"},
      {{"simulate", "--variant", kEsc}, "unknown variant '" + escaped},
      {{"play", "--variant", kEsc}, "unknown variant '" + escaped},
      {{"play", "--save", (dir / "g.json").string(), "a" + kEsc + "=1"}, "option 'a" + escaped},
      {{"play", "--resume", (dir / kEsc).string()}, "cannot read '" + dir.str() + "/" + escaped},
      {{"replay", (dir / kCsi).string()}, "cannot read '" + dir.str() + "/" + escaped_c1},
      {{"score", "--players", "A,B,C", "--dealer", "D" + kEsc},
       "'D" + escaped + "' names none of the players"},
      {{"score", "--players", "A,B,C" + kEsc}, escaped},
      {{"score", "--resume", (dir / kEsc).string()}, "cannot read '" + dir.str() + "/" + escaped},
      {{"serve", "--check", "--db", (dir / kEsc).string()}, dir.str() + "/" + escaped},
      {{"load", "--address", "x" + kEsc, "--seconds", "0.1"}, "the server at x" + escaped},
      {{"variants", "x" + kEsc}, "whist variants: unknown variant 'x" + escaped},
      // CLI11's
      {{"arena", "--bots", bots, "--deals", kEsc}, "--deals: '" + escaped},
      {{"arena", "--bots", bots, "--x" + kEsc}, "unknown option '--x" + escaped},
      {{"bench", "x" + kCsi}, "unexpected argument: 'x" + escaped_c1},
      {{"serve", "--check", "--max-bot-level", kEsc}, escaped + " not in {easy,normal,hard,max}"},
      {{"simulate", "--games", kEsc}, escaped},
  };
  for (const auto& [args, said] : cases) {
    Whist w(args, {});
    w.close_input();
    const int status = w.finish();
    const std::string& out = w.transcript();
    std::string line;
    for (const auto& a : args) line += a + " ";
    EXPECT_NE(status, 0) << line;
    EXPECT_FALSE(has_control_character_in_lines(out)) << line << "\n" << out;
    EXPECT_NE(out.find(said), std::string::npos) << line << "\n" << out;
  }
}

// The arena's table names each bot by its spec, and ext:COMMAND may hold anything.
TEST(CliText, TheArenaTableShowsABotSpecWithItsControlCharactersEscaped) {
  const std::string engine = std::string("ext:") + WHIST_FIRST_LEGAL + " x" + kEsc;
  Whist w({"arena", "--bots", engine + ",random,random,random", "--deals", "2", "--quiet"}, {});
  w.close_input();
  EXPECT_EQ(w.finish(), 0) << w.transcript();
  const std::string& out = w.transcript();
  EXPECT_FALSE(has_control_character_in_lines(out)) << out;
  EXPECT_NE(out.find(" x\\x1b[2J (first_legal 1.0)"), std::string::npos) << out;
  EXPECT_NE(out.find(" x\\x1b[2J minus random: "), std::string::npos) << out;
}

// What a bug report needs: the version and how the program was built; status 0 (it was 2,
// "A subcommand is required").
TEST(CliText, VersionSaysTheVersionAndHowTheProgramWasBuilt) {
  for (const std::string flag : {"--version", "-V"}) {
    Whist w({flag}, {});
    w.close_input();
    EXPECT_EQ(w.finish(), 0) << w.transcript();
    EXPECT_TRUE(std::regex_match(
        w.transcript(),
        std::regex(
            R"(whist \d+\.\d+\.\d+, (g\+\+|clang) [^\n]+, (optimised|debug \(assertions on\))\n)")))
        << w.transcript();
  }
}

// What bash makes of each of `words`: the strings that `printf %s WORD` prints, from one bash
// run (a script with a line a word, its output separated by NULs, which no path holds).
std::vector<std::string> as_bash_reads(const std::vector<std::string>& words) {
  const test_files::TempDir dir;
  std::string script;
  for (const std::string& word : words) script += "printf '%s\\0' " + word + "\n";
  dir.write("print.sh", script);
  const std::string cmd =
      "bash '" + (dir / "print.sh").string() + "' > '" + (dir / "out").string() + "'";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << script;
  std::ifstream in(dir / "out", std::ios::binary);
  const std::string out{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::vector<std::string> read;
  for (size_t at = 0, end; (end = out.find('\0', at)) != std::string::npos; at = end + 1) {
    read.push_back(out.substr(at, end - at));
  }
  return read;
}

TEST(CliText, APathAsAShellWordIsReadBackByBashAsItWas) {
  EXPECT_EQ(cli::shell_word("/home/ana/.local/share/whist/game-2026-11-27-1012.json"),
            "/home/ana/.local/share/whist/game-2026-11-27-1012.json");
  EXPECT_EQ(cli::shell_word("my games/g.json"), "'my games/g.json'");
  EXPECT_EQ(cli::shell_word("it's"), "'it'\\''s'");
  EXPECT_EQ(cli::shell_word("a" + kEsc), "$'a\\x1b[2J'");
  EXPECT_EQ(cli::shell_word(""), "''");
  const std::vector<std::string> paths = {"/tmp/plain.json",
                                          "my games/g.json",
                                          "it's",
                                          "$HOME `x` *.json ~ & ; | ( ) < > \" \\ !",
                                          "Şerban ♠.json",
                                          "a" + kEsc + "'\\b",
                                          "c1 " + kCsi + " tab\t nl\n end",
                                          "-leading dash",
                                          ""};
  std::vector<std::string> words;
  for (const std::string& path : paths) {
    words.push_back(cli::shell_word(path));
    EXPECT_FALSE(has_control_character_in_lines(words.back())) << words.back();
  }
  EXPECT_EQ(as_bash_reads(words), paths);
}

// Random paths, every byte but NUL (which no path holds), the shell's own characters often: bash
// reads each word back to its path, and no word holds a raw control character.
TEST(CliText, RandomPathsAsShellWordsAreReadBackByBash) {
  const std::string special =
      "'\\\" $`!*?[]{}()<>|&;#~=%,:@^\t\n\x1b\x7f\xc2\x9b\xc2\xa0\xe2\x99\xa0 -./";
  Rng rng(20261127);
  std::vector<std::string> paths, words;
  for (int i = 0; i < 400; ++i) {
    std::string path;
    const uint64_t length = rng.below(13);
    for (uint64_t k = 0; k < length; ++k) {
      path += rng.below(2) == 0 ? special[rng.below(static_cast<uint32_t>(special.size()))]
                                : static_cast<char>(1 + rng.below(255u));
    }
    paths.push_back(path);
    words.push_back(cli::shell_word(path));
    EXPECT_FALSE(has_control_character_in_lines(words.back())) << words.back();
  }
  EXPECT_EQ(as_bash_reads(words), paths);
}

// The game's messages name its save file as a shell word, and the command they give works.
TEST(CliText, TheCommandThatResumesAGameCanBePastedBack) {
  const test_files::TempDir dir;
  const fs::path save = dir / ("my " + kEsc + " games") / "it's.json";
  Whist w({"play", "--bots", "heuristic", "--save", save.string()}, {});
  w.close_input();
  EXPECT_EQ(w.finish(), 0) << w.transcript();
  const std::string& out = w.transcript();
  EXPECT_FALSE(has_control_character_in_lines(out)) << out;
  const std::string word = cli::shell_word(save.string());
  EXPECT_NE(out.find("To go on: whist play --resume " + word + "\n"), std::string::npos) << out;
  EXPECT_EQ(as_bash_reads({word}), std::vector<std::string>{save.string()});
  // A new game refused the file names it, and the command that goes on with it, the same way.
  Whist refused({"play", "--save", save.string()}, {});
  refused.close_input();
  EXPECT_EQ(refused.finish(), 2);
  EXPECT_NE(refused.transcript().find("--save " + word + ": the file exists"), std::string::npos)
      << refused.transcript();
  EXPECT_NE(refused.transcript().find("(whist play --resume " + word + " goes on with it)"),
            std::string::npos)
      << refused.transcript();
  EXPECT_FALSE(has_control_character_in_lines(refused.transcript())) << refused.transcript();
  Whist again({"play", "--resume", save.string()}, {});
  again.close_input();
  EXPECT_EQ(again.finish(), 0) << again.transcript();
  EXPECT_NE(again.transcript().find("Resuming the game saved in " + word + ".\n"),
            std::string::npos)
      << again.transcript();
}

}  // namespace
}  // namespace whist::play_testing
