// The web client's files, served from one folder only: which file a request path names, if any,
// and its content type. No sockets here, so the refusals are tested directly.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace whist::server {

class StaticFiles {
 public:
  // `root` empty or not a folder: every lookup fails (the server then answers 404 to everything
  // outside the API).
  explicit StaticFiles(const std::string& root);

  bool enabled() const { return !root_.empty(); }
  const std::filesystem::path& root() const { return root_; }

  // The regular file that a request target names ("/" and "/dir/" name index.html; the query is
  // ignored), or nothing when it is outside the folder, missing, or refused: `..`, a NUL, a
  // backslash or a bad percent escape anywhere in the decoded path.
  std::optional<std::filesystem::path> resolve(std::string_view target) const;

 private:
  std::filesystem::path root_;  // canonical
};

// The Content-Type for a file's extension; application/octet-stream when unknown.
std::string_view content_type_for(const std::filesystem::path& file);

}  // namespace whist::server
