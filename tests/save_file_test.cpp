// Saving files (src/cli/save_file.h): whole files whatever happens, for one writer or two.
#include "cli/save_file.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace whist::cli
