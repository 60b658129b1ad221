// Saving files (src/cli/files.h): whole files whatever happens, for one writer or two.
#include "cli/files.h"

#include <fcntl.h>
#include <pwd.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <optional>
#include <sstream>
#include <streambuf>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "cli/score_session.h"
#include "game/scorekeeper.h"
#include "rules/presets.h"
#include "temp_dir.h"

namespace whist::cli {
namespace {

using test_files::TempDir;

std::string read(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> names_in(const std::filesystem::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    names.push_back(entry.path().filename().string());
  }
  return names;
}

TEST(ReadFile, ReadsAWholeFileOrSaysWhyNot) {
  TempDir dir;
  const std::string big(200000, 'x');  // more than one read(2)
  dir.write("game.json", big);
  std::string text = "old", error;
  EXPECT_TRUE(read_file((dir / "game.json").string(), text, error)) << error;
  EXPECT_EQ(text, big);
  EXPECT_FALSE(read_file(dir.str(), text, error));
  EXPECT_EQ(error, "cannot read '" + dir.str() + "': it is a directory");
  EXPECT_FALSE(read_file((dir / "none.json").string(), text, error));
  EXPECT_EQ(error, "cannot read '" + (dir / "none.json").string() + "': No such file or directory");
}

// Regression: a file with no end (/dev/zero) was read until memory ran out.
TEST(ReadFile, RefusesWhatIsTooLarge) {
  std::string text, error;
  EXPECT_FALSE(read_file("/dev/zero", text, error));
  EXPECT_EQ(error, "cannot read '/dev/zero': larger than 64 MiB, not a whist file");
  EXPECT_TRUE(text.empty());
  TempDir dir;
  dir.write("big.json", std::string(1001, ' '));
  EXPECT_FALSE(read_file((dir / "big.json").string(), text, error, 1000));
  EXPECT_EQ(error, "cannot read '" + (dir / "big.json").string() +
                       "': larger than 1000 bytes, not a whist file");
  dir.write("fits.json", std::string(1000, ' '));
  EXPECT_TRUE(read_file((dir / "fits.json").string(), text, error, 1000)) << error;
  EXPECT_EQ(text.size(), 1000u);
}

TEST(SaveFile, WritesReplacesAndMakesFolders) {
  TempDir dir;
  const auto file = dir / "a" / "b" / "game.whist";
  EXPECT_EQ(write_file_atomic(file.string(), "first\n"), "");
  EXPECT_EQ(read(file), "first\n");
  EXPECT_EQ(write_file_atomic(file.string(), "second, longer\n"), "");
  EXPECT_EQ(read(file), "second, longer\n");
  EXPECT_EQ(names_in(file.parent_path()), std::vector<std::string>{"game.whist"});
}

// Regression: every save went through the one file `path.tmp`, so a second writer of the same
// file truncated the first's temporary file or renamed it away under it ("No such file").
TEST(SaveFile, TwoWritersOfOneFileEachLeaveAWholeFile) {
  TempDir dir;
  const std::string file = (dir / "sheet.csv").string();
  const std::string a(20000, 'a');
  const std::string b(30000, 'b');
  std::vector<std::string> errors[2];
  auto writer = [&](int who) {
    for (int i = 0; i < 300; ++i) {
      if (auto e = write_file_atomic(file, who == 0 ? a : b); !e.empty()) errors[who].push_back(e);
    }
  };
  std::thread first(writer, 0);
  std::thread second(writer, 1);
  first.join();
  second.join();
  EXPECT_TRUE(errors[0].empty()) << errors[0].front();
  EXPECT_TRUE(errors[1].empty()) << errors[1].front();
  const std::string text = read(file);
  EXPECT_TRUE(text == a || text == b) << "a mixed file of " << text.size() << " bytes";
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"sheet.csv"});
}

TEST(SaveFile, AFailureNamesTheFileAndLeavesNothingBehind) {
  TempDir dir;
  std::filesystem::create_directory(dir / "taken");
  const std::string error = write_file_atomic((dir / "taken").string(), "text");
  EXPECT_NE(error.find("cannot write '" + (dir / "taken").string() + "'"), std::string::npos)
      << error;
  EXPECT_TRUE(std::filesystem::is_directory(dir / "taken"));
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"taken"});
}

TEST(SaveFile, ALinkIsFollowedAndKept) {
  TempDir dir;
  dir.write("saves/real.whist", "old");
  std::filesystem::create_symlink("saves/real.whist", dir / "link.whist");
  EXPECT_EQ(write_file_atomic((dir / "link.whist").string(), "new"), "");
  EXPECT_TRUE(std::filesystem::is_symlink(dir / "link.whist"));
  EXPECT_EQ(read(dir / "saves" / "real.whist"), "new");
}

TEST(SaveFile, AFileSavedAgainKeepsItsPermissions) {
  TempDir dir;
  const auto file = dir / "private.whist";
  dir.write("private.whist", "old");
  ASSERT_EQ(::chmod(file.c_str(), 0600), 0);
  EXPECT_EQ(write_file_atomic(file.string(), "new"), "");
  struct stat st {};
  ASSERT_EQ(::stat(file.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0600u);
  EXPECT_EQ(read(file), "new");
}

// Regression: `whist play` chose play-DATE-TIME-seedS.json without looking, so two games of one
// seed started in the same second saved over each other; and `whist score` looked but took the
// name only at its first save.
TEST(SaveFile, ANewFileNeverTakesAnExistingName) {
  TempDir dir;
  dir.write("whist/game.json", "an older game");
  std::string error;
  const std::string first = claim_new_file(dir / "whist", "game", ".json", error);
  const std::string second = claim_new_file(dir / "whist", "game", ".json", error);
  EXPECT_EQ(error, "");
  EXPECT_EQ(first, (dir / "whist" / "game-2.json").string());
  EXPECT_EQ(second, (dir / "whist" / "game-3.json").string());
  EXPECT_TRUE(std::filesystem::exists(first));
  EXPECT_TRUE(std::filesystem::exists(second));
  EXPECT_EQ(read(dir / "whist" / "game.json"), "an older game");
}

// Regression: the message named the temporary file beside it ("x.json.9681-6d13e4b6.tmp").
TEST(SaveFile, AFailureNamesTheFileAsGivenNotTheTemporaryOne) {
  TempDir dir;
  dir.write("plain", "a file where the folder would go");
  const std::string path = (dir / "plain" / "x.json").string();
  EXPECT_EQ(write_file_atomic(path, "text"), "cannot write '" + path + "': Not a directory");
}

// Regression (an audit): a folder that could not be made was told as the file's "No such file
// or directory", not why the folder was not made.
TEST(SaveFile, AFolderThatCannotBeMadeSaysWhy) {
  TempDir dir;
  if (::geteuid() == 0) GTEST_SKIP() << "root makes folders anywhere: no permission to refuse";
  std::filesystem::create_directory(dir / "locked");
  std::filesystem::permissions(
      dir / "locked", std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
  const std::string locked = (dir / "locked" / "sub" / "x.json").string();
  EXPECT_EQ(write_file_atomic(locked, "text"), "cannot make the folder '" +
                                                   (dir / "locked" / "sub").string() + "' for '" +
                                                   locked + "': Permission denied");
  std::filesystem::permissions(dir / "locked", std::filesystem::perms::owner_all);
}

TEST(SaveFile, ANewFileThatCannotBeMadeSaysWhy) {
  TempDir dir;
  dir.write("plain", "a file where the folder would go");
  std::string error;
  EXPECT_EQ(claim_new_file(dir / "plain", "game", ".json", error), "");
  EXPECT_NE(error.find("cannot write '" + (dir / "plain" / "game.json").string() + "'"),
            std::string::npos)
      << error;
}

// Sets an environment variable for one scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value != nullptr) {
      ::setenv(name, value, 1);
    } else {
      ::unsetenv(name);
    }
  }
  ~ScopedEnv() {
    if (old_) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(SaveFile, TheDataFolderFollowsTheXdgRule) {
  const ScopedEnv home("HOME", "/home/ana");
  {
    const ScopedEnv xdg("XDG_DATA_HOME", "/data");
    EXPECT_EQ(data_dir(), std::filesystem::path("/data/whist"));
  }
  {
    const ScopedEnv xdg("XDG_DATA_HOME", "relative/data");  // ignored, as the rule says
    EXPECT_EQ(data_dir(), std::filesystem::path("/home/ana/.local/share/whist"));
  }
  {
    const ScopedEnv xdg("XDG_DATA_HOME", nullptr);
    EXPECT_EQ(data_dir(), std::filesystem::path("/home/ana/.local/share/whist"));
  }
  // Regression: with no HOME the games went to ./.local/share/whist, wherever whist was run.
  const ScopedEnv xdg("XDG_DATA_HOME", nullptr);
  const ScopedEnv no_home("HOME", nullptr);
  const passwd* account = getpwuid(getuid());  // none for an id without an account: the folder
  const std::filesystem::path base =
      account != nullptr ? std::filesystem::path(account->pw_dir) : std::filesystem::current_path();
  EXPECT_EQ(data_dir(), base / ".local/share/whist");
  EXPECT_TRUE(data_dir().is_absolute());
}

// Serves `text`, calling `before` once, when first asked for it: what happens to the disk after a
// session's first save and before its first answer.
class InterruptedInput : public std::streambuf {
 public:
  InterruptedInput(std::string text, std::function<void()> before)
      : text_(std::move(text)), before_(std::move(before)) {}

 protected:
  int_type underflow() override {
    if (before_) {
      before_();
      before_ = nullptr;
      setg(text_.data(), text_.data(), text_.data() + text_.size());
    }
    return gptr() < egptr() ? traits_type::to_int_type(*gptr()) : traits_type::eof();
  }

 private:
  std::string text_;
  std::function<void()> before_;
};

// `whist score` whose save file's folder is replaced by a file during the session: at the end the
// game goes to a file of its own in the data folder, or failing that to the screen; status 1.
// Before, the session ended with "Saved to …", status 0, and the game was lost.
TEST(ScoreSessionSave, AGameWhoseSaveFailsIsKeptElsewhere) {
  for (const bool data_folder_broken : {false, true}) {
    TempDir dir;
    const ScopedEnv xdg("XDG_DATA_HOME", (dir / "data").c_str());
    std::filesystem::create_directories(dir / "sub");
    const Rules rules = *make_preset("romanian", 3);
    Scorekeeper keeper(rules, {"Ana", "Bo", "Cy"}, 0);
    InterruptedInput buffer("H\nquit\n", [&] {
      std::filesystem::remove_all(dir / "sub");
      dir.write("sub", "a file where the folder was");
      if (data_folder_broken) dir.write("data", "a file where the data folder goes");
    });
    std::istream in(&buffer);
    std::ostringstream out;
    ScoreSession session(keeper, (dir / "sub" / "g.json").string(), in, out, SheetStyle{}, false);
    EXPECT_EQ(session.run(), 1) << out.str();
    EXPECT_NE(out.str().find("warning: not saved: cannot write '"), std::string::npos) << out.str();
    const auto rescued = dir / "data" / "whist" / "g-unsaved.json";
    if (data_folder_broken) {
      EXPECT_NE(out.str().find("The game could not be saved anywhere; its save file follows, to "
                               "keep:\n{"),
                std::string::npos)
          << out.str();
      EXPECT_NE(out.str().find("\"trump\":\"H\""), std::string::npos) << out.str();
    } else {
      EXPECT_NE(out.str().find("Saved to " + rescued.string() +
                               " instead; resume with: whist score --resume " + rescued.string()),
                std::string::npos)
          << out.str();
      EXPECT_NE(read(rescued).find("\"trump\":\"H\""), std::string::npos) << read(rescued);
    }
  }
}

// The error on stderr, as every error of whist score (regression: it went to the conversation).
TEST(ScoreSessionSave, AnUnwritableSaveFileIsRefusedAtOnce) {
  TempDir dir;
  const Rules rules = *make_preset("romanian", 3);
  Scorekeeper keeper(rules, {"Ana", "Bo", "Cy"}, 0);
  std::istringstream in("H\n");
  std::ostringstream out;
  ScoreSession session(keeper, dir.str(), in, out, SheetStyle{}, false);
  testing::internal::CaptureStderr();
  EXPECT_EQ(session.run(), 1);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "whist score: cannot write '" + dir.str() + "': Is a directory\n");
  EXPECT_EQ(out.str(), "");
}

// ---------------------------------------------------------------------------------------------
// What is not a regular file, and two sessions on one file

// Regression: `--save myfifo` replaced the FIFO by a plain file (a device node likewise): a file
// whose size cannot be had was taken for an empty one, and the save renamed over it.
TEST(SaveFile, WhatIsNotARegularFileIsNeverReplaced) {
  TempDir dir;
  const std::string fifo = (dir / "myfifo").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  std::filesystem::create_symlink("myfifo", dir / "link");
  const std::string link = (dir / "link").string();
  EXPECT_EQ(refuse_existing(fifo, "play", "--save"),
            "--save " + fifo + ": it is a named pipe (FIFO), not a regular file: choose a file");
  EXPECT_EQ(refuse_existing(link, "play", "--save", fifo),
            "--save " + link + ": it is a named pipe (FIFO), not a regular file: choose a file");
  EXPECT_EQ(refuse_export(link), "it is a named pipe (FIFO), not a regular file");
  for (const std::string& path : {fifo, link}) {
    EXPECT_EQ(write_file_atomic(path, "text"),
              "cannot write '" + path + "': it is a named pipe (FIFO), not a regular file");
  }
  struct stat st {};
  ASSERT_EQ(::stat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  // A link to a regular file is that file: empty, it may be saved to; holding a game, it is not.
  dir.write("real.json", "");
  std::filesystem::create_symlink("real.json", dir / "to-real.json");
  const std::string to_real = (dir / "to-real.json").string();
  EXPECT_EQ(refuse_existing(to_real, "play", "--save"), "");
  EXPECT_EQ(refuse_export(to_real), "");
  dir.write("real.json", "a game");
  EXPECT_NE(refuse_existing(to_real, "play", "--save").find(": the file exists, and a new game"),
            std::string::npos);
  EXPECT_NE(refuse_export(to_real).find("the file exists and holds something"), std::string::npos);
}

// Regression: two sessions on one file (two `whist score --resume g.json`) each saved over the
// other, and the later save wiped the other's deals.
TEST(SaveFile, AFileChangedSinceItWasReadOrSavedIsNotWrittenOver) {
  TempDir dir;
  const std::string file = (dir / "g.json").string();
  dir.write("g.json", "as read");
  std::string text, error;
  ASSERT_TRUE(read_file(file, text, error)) << error;
  EXPECT_EQ(write_file_atomic(file, "saved once"), "");
  EXPECT_EQ(write_file_atomic(file, "saved twice"), "");
  dir.write("g.json", "another session's save");
  EXPECT_EQ(write_file_atomic(file, "saved again"),
            "cannot write '" + file +
                "': it was changed by another program (another session on the same file?) since "
                "this one last read or saved it, and is not written over");
  EXPECT_EQ(read(file), "another session's save");
  // Read again, it is this session's to save.
  ASSERT_TRUE(read_file(file, text, error)) << error;
  EXPECT_EQ(write_file_atomic(file, "saved again"), "");
  EXPECT_EQ(read(file), "saved again");
}

// Regression: a save file named bare ("n.json", in the working folder) was one file to the
// session before its first save and another after, so that from the second save on it was
// neither locked nor compared: a second session was let in, and the first one's game diverted.
TEST(SaveFile, ABareNameKeepsItsLockAndItsBytesFromSaveToSave) {
  TempDir dir;
  const std::filesystem::path before = std::filesystem::current_path();
  std::filesystem::current_path(dir.path());
  EXPECT_EQ(hold_save_file("n.json"), "");
  EXPECT_EQ(write_file_atomic("n.json", "saved once"), "");
  EXPECT_EQ(write_file_atomic("n.json", "saved twice"), "");
  const int fd = ::open("n.json", O_RDONLY | O_CLOEXEC);
  EXPECT_GE(fd, 0);
  EXPECT_NE(::flock(fd, LOCK_EX | LOCK_NB), 0) << "the session's lock is on the file there";
  ::close(fd);
  dir.write("n.json", "another program's");
  EXPECT_NE(write_file_atomic("n.json", "saved again"), "");
  EXPECT_EQ(read(dir / "n.json"), "another program's");
  std::filesystem::current_path(before);
}

// A session whose save file another one saved to meanwhile keeps its game in a file of its own,
// and says why; the other session's save is as it left it.
TEST(ScoreSessionSave, AGameWhoseFileAnotherSessionSavedIsKeptElsewhere) {
  TempDir dir;
  const ScopedEnv xdg("XDG_DATA_HOME", (dir / "data").c_str());
  const Rules rules = *make_preset("romanian", 3);
  Scorekeeper keeper(rules, {"Ana", "Bo", "Cy"}, 0);
  const auto file = dir / "g.json";
  InterruptedInput buffer("H\nquit\n", [&] { dir.write("g.json", "the other session's game"); });
  std::istream in(&buffer);
  std::ostringstream out;
  ScoreSession session(keeper, file.string(), in, out, SheetStyle{}, false);
  EXPECT_EQ(session.run(), 1) << out.str();
  EXPECT_NE(out.str().find("warning: not saved: cannot write '" + file.string() +
                           "': it was changed by another program (another session on the same "
                           "file?)"),
            std::string::npos)
      << out.str();
  const auto rescued = dir / "data" / "whist" / "g-unsaved.json";
  EXPECT_NE(out.str().find("Saved to " + rescued.string() + " instead"), std::string::npos)
      << out.str();
  EXPECT_NE(read(rescued).find("\"trump\":\"H\""), std::string::npos) << read(rescued);
  EXPECT_EQ(read(file), "the other session's game");
}

// An export to a file that holds something is refused (regression: `export json s1.json` replaced
// another game's save); a sheet this session exported is updated when exported again.
TEST(ScoreSessionSave, AnExportNeverReplacesAFileThatHoldsSomething) {
  TempDir dir;
  dir.write("s1.json", "another game's save");
  const Rules rules = *make_preset("romanian", 3);
  Scorekeeper keeper(rules, {"Ana", "Bo", "Cy"}, 0);
  const std::string s1 = (dir / "s1.json").string(), csv = (dir / "s.csv").string();
  std::istringstream in("export json " + s1 + "\nexport csv " + csv + "\nH\nexport csv " + csv +
                        "\nquit\n");
  std::ostringstream out;
  ScoreSession session(keeper, (dir / "g.json").string(), in, out, SheetStyle{}, false);
  EXPECT_EQ(session.run(), 0) << out.str();
  EXPECT_NE(out.str().find("  " + s1 +
                           ": the file exists and holds something (another game's save?), which "
                           "an export would replace: choose another file or remove it (nothing "
                           "exported)\n"),
            std::string::npos)
      << out.str();
  EXPECT_EQ(read(dir / "s1.json"), "another game's save");
  const std::string exported = "  exported the sheet to " + csv + "\n";
  const size_t first = out.str().find(exported);
  ASSERT_NE(first, std::string::npos) << out.str();
  EXPECT_NE(out.str().find(exported, first + 1), std::string::npos) << out.str();
}

// ---------------------------------------------------------------------------------------------
// The program itself

struct ShellRun {
  int status = -1;
  std::string out, err;
};

// `script` run by bash in `dir`, with $W the whist program; its stdout and stderr.
ShellRun shell(const TempDir& dir, const std::string& script) {
  dir.write("script.sh",
            "W='" + std::string(WHIST_BINARY) + "'\ncd '" + dir.str() + "'\n" + script);
  const std::string cmd = "bash '" + (dir / "script.sh").string() + "' > '" +
                          (dir / "out").string() + "' 2> '" + (dir / "err").string() + "'";
  const int raw = std::system(cmd.c_str());
  ShellRun r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = read(dir / "out");
  r.err = read(dir / "err");
  return r;
}

// A game record: the first deal of a Romanian game, finished.
const char* const kRecord =
    R"({"format": "whist-record/1", "variant": "romanian", "players": ["Ana", "Bogdan", "Cristi",
    "Dana"], "first_dealer": 0, "deals": [{"hands": [["AS"], ["QD"], ["9H"], ["JS"]],
    "turned": "TD", "bids": [1, 0, 0, 1], "plays": ["QD", "9H", "JS", "AS"]}]})";

// Regression: output lost to a full disk went unsaid, with status 0.
TEST(WhistOutput, AFailedWriteToStandardOutputIsAnError) {
  TempDir dir;
  dir.write("g1.json", kRecord);
  for (const std::string command :
       {"replay g1.json", "replay --json g1.json", "simulate --games 1 --quiet", "variants"}) {
    const ShellRun r = shell(dir, "$W " + command + " > /dev/full");
    EXPECT_EQ(r.status, 1) << command;
    const std::string name = command.substr(0, command.find(' '));
    EXPECT_EQ(r.err, "whist " + name +
                         ": cannot write the output to standard output: No space left on device\n")
        << command;
  }
  for (const std::string flag : {"--version", "--help"}) {  // answered by CLI11 itself
    const ShellRun r = shell(dir, "$W " + flag + " > /dev/full");
    EXPECT_EQ(r.status, 1) << flag;
    EXPECT_EQ(r.err, "whist: cannot write the output to standard output: No space left on device\n")
        << flag;
  }
  const ShellRun ok = shell(dir, "$W replay g1.json > /dev/null");
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_EQ(ok.err, "");
}

TEST(WhistFiles, WhatIsNotARegularFileIsRefusedByEveryCommand) {
  TempDir dir;
  const ShellRun r =
      shell(dir,
            "mkfifo myfifo\n"
            "echo quit | $W play --bots heuristic --seed 2 --save myfifo; echo $?\n"
            "$W score --file myfifo < /dev/null; echo $?\n"
            "$W score --players A,B,C --file t.json < /dev/null > /dev/null; echo $?\n"
            "$W score --resume t.json --csv myfifo; echo $?\n"
            "test -p myfifo && echo still a fifo\n");
  EXPECT_EQ(r.out, "2\n2\n0\n2\nstill a fifo\n");
  EXPECT_EQ(r.err,
            "whist play: --save myfifo: it is a named pipe (FIFO), not a regular file: choose a "
            "file\n"
            "whist score: --file myfifo: it is a named pipe (FIFO), not a regular file: choose a "
            "file\n"
            "whist score: --csv myfifo: it is a named pipe (FIFO), not a regular file\n");
}

// Regression: `whist score --resume t2.json --csv s1.json` replaced s1.json, another game's save.
TEST(WhistFiles, AnExportNeverReplacesAFileThatHoldsSomething) {
  TempDir dir;
  dir.write("s1.json", "another game's save");
  const ShellRun r = shell(dir,
                           "$W score --players A,B,C --file t2.json < /dev/null > /dev/null\n"
                           "$W score --resume t2.json --csv s1.json; echo $?\n"
                           "$W score --resume t2.json --json s1.json; echo $?\n"
                           "$W score --resume t2.json --csv new.csv; echo $?\n");
  EXPECT_EQ(r.out, "2\n2\n0\n");
  EXPECT_EQ(r.err,
            "whist score: --csv s1.json: the file exists and holds something (another game's "
            "save?), which an export would replace: choose another file or remove it\n"
            "whist score: --json s1.json: the file exists and holds something (another game's "
            "save?), which an export would replace: choose another file or remove it\n");
  EXPECT_EQ(read(dir / "s1.json"), "another game's save");
  EXPECT_NE(read(dir / "new.csv").find("deal,dealer"), std::string::npos);
}

// Regression: a failed first save left the empty file claimed for it, and each try another.
TEST(WhistFiles, AFailedFirstSaveLeavesNoEmptyFileBehind) {
  TempDir dir;
  const ShellRun r =
      shell(dir,
            "trap '' XFSZ\n"
            "(ulimit -f 0; echo quit | XDG_DATA_HOME=\"$PWD/xdg\" $W play --bots random "
            "--seed 3 > /dev/null 2>&1; echo $?) | cat\n"
            "(ulimit -f 0; XDG_DATA_HOME=\"$PWD/xdg\" $W score --players A,B,C "
            "< /dev/null > /dev/null 2>&1; echo $?) | cat\n");
  EXPECT_EQ(r.out, "1\n1\n") << r.err;
  ASSERT_TRUE(std::filesystem::is_directory(dir / "xdg" / "whist"));
  EXPECT_EQ(names_in(dir / "xdg" / "whist"), std::vector<std::string>{});
}

// Regression: an empty file was nlohmann's "parse error at line 1, column 1: syntax error while
// parsing value - unexpected end of input; expected '[', '{', or a literal".
TEST(WhistFiles, AnEmptyFileIsSaidToBeEmpty) {
  TempDir dir;
  const ShellRun r = shell(dir,
                           ": > e.json\n"
                           "$W replay e.json; echo $?\n"
                           "$W replay - < e.json; echo $?\n"
                           "$W play --resume e.json; echo $?\n"
                           "$W score --resume e.json; echo $?\n");
  EXPECT_EQ(r.out, "2\n2\n2\n2\n");
  EXPECT_EQ(r.err,
            "whist replay: e.json: the file is empty: it holds no game record\n"
            "whist replay: the file is empty: it holds no game record\n"
            "whist play: e.json: the file is empty: it holds no game record\n"
            "whist score: e.json: the file is empty: it holds no score file\n");
}

// A second session on a file open in another is refused at once; the first holds an flock() on
// it, here held by the test in its place.
TEST(WhistFiles, ASecondSessionOnAFileIsRefusedAtOnce) {
  TempDir dir;
  ShellRun r = shell(dir,
                     "$W score --players A,B,C --file s.json < /dev/null > /dev/null\n"
                     "echo quit | $W play --bots random --seed 3 --save p.json > /dev/null\n");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const std::string name : {"s.json", "p.json"}) {
    const int fd = ::open((dir / name).c_str(), O_RDONLY | O_CLOEXEC);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::flock(fd, LOCK_EX | LOCK_NB), 0);
    const std::string before = read(dir / name);
    const std::string command = name == "s.json" ? "score" : "play";
    r = shell(dir, "echo quit | $W " + command + " --resume " + name);
    ::close(fd);
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_EQ(r.err, "whist " + command + ": " + name +
                         " is open in another whist session (whist play or whist score): go on "
                         "there, or once it has ended\n");
    EXPECT_EQ(read(dir / name), before);
    // Once the other has ended, it is free.
    r = shell(dir, "echo quit | $W " + command + " --resume " + name + " > /dev/null");
    EXPECT_EQ(r.status, 0) << r.err;
  }
}

// Regression: with standard output closed, the save file's lock, kept open, took its number, and
// the screen was written into the save. A closed output is now said to be, and the save is whole.
TEST(WhistOutput, AClosedStandardOutputIsSaidToBeAndTheSaveIsWhole) {
  TempDir dir;
  const ShellRun r = shell(dir,
                           "printf 'quit\\n' | $W play --seed 4 --save cr.json > /dev/null\n"
                           "printf '0\\n1\\n0\\n1\\n1\\nquit\\n' | $W play --resume cr.json >&-\n"
                           "echo $?\n"
                           "$W replay cr.json > /dev/null; echo $?\n");
  EXPECT_EQ(r.out, "1\n0\n");
  EXPECT_EQ(r.err, "whist play: cannot write the output to standard output: it was closed\n");
}

// The help says what the program does (regression: --humans 0 said allowed, then refused; no
// defaults for simulate's 100 games of seed 1; "options excludes --resume").
TEST(WhistHelp, TheHelpAndTheRefusalsSayWhatTheProgramDoes) {
  TempDir dir;
  ShellRun r = shell(dir, "$W play --help");
  EXPECT_NE(r.out.find("--humans INT:INT from 1 to the players"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("[0 - 1000]"), std::string::npos) << r.out;
  r = shell(dir, "$W simulate --help");
  EXPECT_NE(r.out.find("--games INT:INT in [0 - 100000000]=100"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--seed UINT:UINT in [0 - 18446744073709551615]=1"), std::string::npos)
      << r.out;
  // The pair is quoted, not a file whose name holds an `=` (regression: 'g=1.json' was).
  for (const std::string file : {"g1.json", "g=1.json"}) {
    dir.write(file, kRecord);
    r = shell(dir, "$W play --resume " + file + " hook=off");
    EXPECT_EQ(r.status, 2) << file;
    EXPECT_EQ(r.err.substr(0, r.err.find('\n')),
              "whist play: 'hook=off': option=value pairs cannot be given with --resume (the "
              "rules come from the file)")
        << file;
  }
}

}  // namespace
}  // namespace whist::cli
