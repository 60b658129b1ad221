#include "server/static_files.h"

#include <array>
#include <system_error>
#include <utility>

#include "server/percent_decode.h"

namespace whist::server {

namespace {

// Whether `path` is `root` or below it, component by component (a string prefix test would let
// "/srv/web-other" pass for "/srv/web").
bool is_within(const std::filesystem::path& root, const std::filesystem::path& path) {
  auto r = root.begin(), p = path.begin();
  for (; r != root.end(); ++r, ++p) {
    if (r->empty()) continue;  // the empty last component of a root with a trailing slash
    if (p == path.end() || *p != *r) return false;
  }
  return true;
}

}  // namespace

StaticFiles::StaticFiles(const std::string& root) {
  if (root.empty()) return;
  std::error_code ec;
  auto canonical = std::filesystem::canonical(root, ec);
  if (ec || !std::filesystem::is_directory(canonical, ec) || ec) return;
  root_ = std::move(canonical);
}

std::optional<std::filesystem::path> StaticFiles::resolve(std::string_view target) const {
  if (!enabled()) return std::nullopt;
  const std::string_view path = target.substr(0, target.find_first_of("?#"));
  if (path.empty() || path.front() != '/') return std::nullopt;
  const auto decoded = percent_decode(path);
  if (!decoded) return std::nullopt;
  if (decoded->find("..") != std::string::npos || decoded->find('\0') != std::string::npos ||
      decoded->find('\\') != std::string::npos) {
    return std::nullopt;
  }
  const size_t start = decoded->find_first_not_of('/');
  std::string relative = start == std::string::npos ? std::string() : decoded->substr(start);
  if (relative.empty() || relative.back() == '/') relative += "index.html";
  std::error_code ec;
  // weakly_canonical follows symbolic links, so a link that leads out of the folder is refused.
  const auto file = std::filesystem::weakly_canonical(root_ / relative, ec);
  if (ec || !is_within(root_, file)) return std::nullopt;
  if (!std::filesystem::is_regular_file(file, ec) || ec) return std::nullopt;
  return file;
}

std::string_view content_type_for(const std::filesystem::path& file) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 10> kTypes = {{
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".json", "application/json"},
      {".ico", "image/x-icon"},
      {".map", "application/json"},
      {".woff2", "font/woff2"},
      {".txt", "text/plain; charset=utf-8"},
  }};
  const std::string ext = file.extension().string();
  for (const auto& [e, type] : kTypes) {
    if (ext == e) return type;
  }
  return "application/octet-stream";
}

}  // namespace whist::server
