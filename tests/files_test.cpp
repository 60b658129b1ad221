// Saving files (src/cli/files.h): whole files whatever happens, for one writer or two.
#include "cli/files.h"

#include <pwd.h>
#include <stdlib.h>
#include <sys/stat.h>
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

TEST(ScoreSessionSave, AnUnwritableSaveFileIsRefusedAtOnce) {
  TempDir dir;
  const Rules rules = *make_preset("romanian", 3);
  Scorekeeper keeper(rules, {"Ana", "Bo", "Cy"}, 0);
  std::istringstream in("H\n");
  std::ostringstream out;
  ScoreSession session(keeper, dir.str(), in, out, SheetStyle{}, false);
  EXPECT_EQ(session.run(), 1);
  EXPECT_EQ(out.str(), "whist score: cannot write '" + dir.str() + "': Is a directory\n");
}

}  // namespace
}  // namespace whist::cli
