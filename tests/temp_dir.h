// A fresh folder for one test's files, removed with everything in it when the test ends, so a
// test run leaves nothing behind in the system's temporary folder.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

#include <gtest/gtest.h>

namespace whist::test_files {

class TempDir {
 public:
  // The folder is named `prefix` and six random characters (mkdtemp), so tests running at the
  // same time, in one process or several, never share one.
  explicit TempDir(const std::string& prefix = "whist-test-") {
    std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "XXXXXX")).string();
    if (mkdtemp(pattern.data()) == nullptr) ADD_FAILURE() << "cannot make a folder " << pattern;
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::string str() const { return path_.string(); }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

  // Writes `text` to the file `relative` inside the folder, making its folders.
  void write(const std::string& relative, const std::string& text) const {
    const auto file = path_ / relative;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace whist::test_files
