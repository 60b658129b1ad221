#include "cli/save_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <system_error>

namespace whist::cli {

namespace {

std::string failure(const std::string& what, int error) {
  return "cannot write '" + what + "': " + std::strerror(error);
}

bool write_all(int fd, const std::string& text) {
  const char* p = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

// The folder's entry for the rename is on the disk too, not only the file's bytes.
void sync_folder(const std::filesystem::path& folder) {
  const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

std::string write_file_atomic(const std::string& path, const std::string& text) {
  std::filesystem::path target(path);
  std::error_code ec;
  if (std::filesystem::is_symlink(target, ec)) {
    // Renaming over the link would replace the link itself with a plain file.
    const auto resolved = std::filesystem::weakly_canonical(target, ec);
    if (!ec) target = resolved;
  }
  if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path(), ec);

  // A name no other writer uses: O_EXCL refuses one that exists, and the random part (a file
  // name, not a game's randomness, so it needs no seed) makes a clash unlikely to begin with.
  std::random_device device;
  std::string tmp;
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    char suffix[32];
    std::snprintf(suffix, sizeof suffix, ".%ld-%08x.tmp", static_cast<long>(::getpid()), device());
    tmp = target.string() + suffix;
    // 0666 less the umask: the permissions an ordinary new file gets.
    fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) return failure(tmp, errno);
  }
  if (fd < 0) return failure(tmp, EEXIST);
  // A file saved again keeps its permissions (one made private stays private).
  if (struct stat st; ::stat(target.c_str(), &st) == 0) ::fchmod(fd, st.st_mode & 07777);

  if (!write_all(fd, text) || ::fsync(fd) != 0) {
    const int error = errno;
    ::close(fd);
    ::unlink(tmp.c_str());
    return failure(tmp, error);
  }
  if (::close(fd) != 0) {
    const int error = errno;
    ::unlink(tmp.c_str());
    return failure(tmp, error);
  }
  if (std::rename(tmp.c_str(), target.c_str()) != 0) {
    const int error = errno;
    ::unlink(tmp.c_str());
    return failure(path, error);
  }
  sync_folder(target.parent_path());
  return {};
}

}  // namespace whist::cli
