#include "cli/files.h"

#include <fcntl.h>
#include <pwd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <map>
#include <mutex>
#include <random>
#include <system_error>

#include "core/text.h"

namespace whist::cli {

namespace {

std::string failure(const std::string& what, int error) {
  return "cannot write '" + escape_control_characters(what) + "': " + std::strerror(error);
}

// What a path holds when it is not a regular file, for the messages that refuse to write there.
std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a named pipe (FIFO)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// Why a save or an export may not replace what is at `path` (a link followed): something other
// than a regular file, which a rename would replace by one (regression: `--save myfifo` turned
// the FIFO into a plain file, `--save /dev/null` would have replaced the device). Empty if none
// is there, or a regular file is.
std::string not_regular(const std::string& path) {
  struct stat st {};
  if (path.empty() || ::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return {};
  return kind_of(st.st_mode) + ", not a regular file";
}

// Two sessions on one file (two `whist score --resume g.json`, or two `whist play --resume`)
// would each save over the other's deals, the later save silently wiping what the other added.
// The guarantee is a comparison: this process remembers what it last read from or wrote to each
// file (by its path with links resolved), and a save refuses to replace a file whose bytes are
// no longer those, whoever changed it; the session then keeps its game through its rescue file.
// A lock on the file could not be the guarantee on its own: each save renames a new file over
// the path, so a lock on the old one guards nothing. It is what refuses a second session at
// once, though: a session holds an flock() on its save file (hold_save_file), and each save
// locks its temporary file before renaming it into place, so the file at the path is always the
// locked one. Locks are advisory and some file systems lack them; the comparison still holds
// there. One mutex makes compare, rename and remember one step for the threads of a process.
struct Known {
  std::string text;       // what was last read or written
  bool has_text = false;  // false: only held, never read or written yet
  bool held = false;      // a session's save file: its saves are locked
  int lock_fd = -1;       // the flock()ed file now at the path, while held
};

std::mutex& known_mutex() {
  static std::mutex m;
  return m;
}

std::map<std::string, Known>& known_files() {
  static std::map<std::string, Known> files;
  return files;
}

std::string known_key(const std::string& path) {
  std::error_code ec;
  // Absolute first: weakly_canonical keeps a relative path relative while nothing of it exists
  // (regression: "n.json" was one key before its first save and another after, so its lock and
  // its bytes were forgotten from the second save on).
  const auto absolute = std::filesystem::absolute(path, ec);
  if (ec) return path;
  const auto resolved = std::filesystem::weakly_canonical(absolute, ec);
  return ec ? absolute.string() : resolved.string();
}

void remember(const std::string& path, const std::string& text) {
  Known& k = known_files()[known_key(path)];
  k.text = text;
  k.has_text = true;
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

// Reads `fd` to its end; `what` names it in the error ("'g.json'", "standard input").
bool read_all(int fd, const std::string& what, std::string& text, std::string& error,
              std::size_t limit) {
  text.clear();
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n == 0) return true;
    if (n < 0) {
      if (errno == EINTR) continue;
      error = "cannot read " + what + ": " + std::strerror(errno);
      return false;
    }
    text.append(buffer, static_cast<std::size_t>(n));
    if (text.size() > limit) {
      text.clear();
      error = "cannot read " + what + ": larger than " +
              (limit >= (1u << 20) ? std::to_string(limit >> 20) + " MiB"
                                   : std::to_string(limit) + " bytes") +
              ", not a whist file";
      return false;
    }
  }
}

}  // namespace

bool read_file(const std::string& path, std::string& text, std::string& error, std::size_t limit) {
  // read(2), not a stream: libstdc++'s filebuf throws on a read error (a directory opens, then
  // fails to read), and the error must be a message.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = "cannot read '" + escape_control_characters(path) + "': " + std::strerror(errno);
    return false;
  }
  struct stat st {};
  const bool folder = ::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
  const bool read =
      !folder && read_all(fd, "'" + escape_control_characters(path) + "'", text, error, limit);
  ::close(fd);
  if (folder) error = "cannot read '" + escape_control_characters(path) + "': it is a directory";
  if (read) {
    const std::lock_guard lock(known_mutex());
    remember(path, text);
  }
  return read;
}

bool read_standard_input(std::string& text, std::string& error, std::size_t limit) {
  return read_all(STDIN_FILENO, "standard input", text, error, limit);
}

std::string write_file_atomic(const std::string& path, const std::string& text) {
  const std::lock_guard guard(known_mutex());
  std::filesystem::path target(path);
  std::error_code ec;
  if (std::filesystem::is_symlink(target, ec)) {
    // Renaming over the link would replace the link itself with a plain file.
    const auto resolved = std::filesystem::weakly_canonical(target, ec);
    if (!ec) target = resolved;
  }
  // A directory is left to rename(2), whose "Is a directory" says it.
  if (struct stat st;
      ::stat(target.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
    return "cannot write '" + escape_control_characters(path) + "': it is " + not_regular(path);
  }
  Known& known = known_files()[known_key(target.string())];
  if (known.has_text) {
    std::string now, ignored;
    // Gone is no loss (it is made again); unreadable is left to the rename to say.
    const int fd = ::open(target.c_str(), O_RDONLY | O_CLOEXEC);
    const bool read = fd >= 0 && read_all(fd, "", now, ignored, kMaxFileBytes);
    if (fd >= 0) ::close(fd);
    if (read && now != known.text) {
      return "cannot write '" + escape_control_characters(path) +
             "': it was changed by another program (another session on the same file?) since "
             "this one last read or saved it, and is not written over";
    }
  }
  // Regression (an audit): a folder that could not be made was told as "No such file or
  // directory" for the file, not why the folder was not made (permission denied, say). A file
  // where a folder goes is told by the write below ("Not a directory"), as it stands.
  if (target.has_parent_path() && !std::filesystem::create_directories(target.parent_path(), ec) &&
      ec && ec != std::errc::not_a_directory) {
    return "cannot make the folder '" + escape_control_characters(target.parent_path().string()) +
           "' for '" + escape_control_characters(path) + "': " + ec.message();
  }

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
    if (fd < 0 && errno != EEXIST) return failure(path, errno);
  }
  if (fd < 0) return failure(path, EEXIST);
  // A file saved again keeps its permissions (one made private stays private).
  if (struct stat st; ::stat(target.c_str(), &st) == 0) ::fchmod(fd, st.st_mode & 07777);

  if (!write_all(fd, text) || ::fsync(fd) != 0) {
    const int error = errno;
    ::close(fd);
    ::unlink(tmp.c_str());
    return failure(path, error);
  }
  // A held file's lock goes with its new bytes: the file renamed into place is locked already,
  // so a session starting meanwhile never finds it unlocked.
  const bool locked = known.held && ::flock(fd, LOCK_EX | LOCK_NB) == 0;
  if (!locked && ::close(fd) != 0) {
    const int error = errno;
    ::unlink(tmp.c_str());
    return failure(path, error);
  }
  if (std::rename(tmp.c_str(), target.c_str()) != 0) {
    const int error = errno;
    if (locked) ::close(fd);
    ::unlink(tmp.c_str());
    return failure(path, error);
  }
  if (locked) {
    if (known.lock_fd >= 0) ::close(known.lock_fd);
    known.lock_fd = fd;
  }
  known.text = text;
  known.has_text = true;
  sync_folder(target.parent_path());
  return {};
}

std::string hold_save_file(const std::string& path) {
  const std::lock_guard lock(known_mutex());
  Known& known = known_files()[known_key(path)];
  known.held = true;
  if (known.lock_fd >= 0) return {};
  // A save of the other session may rename a new file over the path between open and flock:
  // the lock is good only on the file still there.
  for (int attempt = 0; attempt < 100; ++attempt) {
    // O_NONBLOCK: opening a FIFO for reading would wait for a writer.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return {};  // none yet: the first save makes it, locked
    struct stat held {
    }, there{};
    if (::fstat(fd, &held) != 0 || !S_ISREG(held.st_mode)) {
      ::close(fd);
      return {};  // refused where it is written
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      ::close(fd);
      if (error != EWOULDBLOCK) return {};  // no locks here: the saves' comparison still holds
      return shell_word(path) +
             " is open in another whist session (whist play or whist score): go on there, or "
             "once it has ended";
    }
    if (::stat(path.c_str(), &there) == 0 && there.st_dev == held.st_dev &&
        there.st_ino == held.st_ino) {
      known.lock_fd = fd;
      return {};
    }
    ::close(fd);
  }
  return {};
}

void remove_claimed_file(const std::string& path) {
  const std::lock_guard lock(known_mutex());
  struct stat st {};
  if (path.empty() || ::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size != 0) {
    return;
  }
  ::unlink(path.c_str());
  const auto it = known_files().find(known_key(path));
  if (it == known_files().end()) return;
  if (it->second.lock_fd >= 0) ::close(it->second.lock_fd);
  known_files().erase(it);
}

std::string refuse_export(const std::string& path) {
  if (const std::string kind = not_regular(path); !kind.empty()) return "it is " + kind;
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec || size == 0) return {};
  {
    // The file this session exported before, unchanged since: exported again, it is updated.
    const std::lock_guard lock(known_mutex());
    const auto it = known_files().find(known_key(path));
    std::string now, ignored;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    const bool read = fd >= 0 && read_all(fd, "", now, ignored, kMaxFileBytes);
    if (fd >= 0) ::close(fd);
    if (it != known_files().end() && it->second.has_text && read && now == it->second.text) {
      return {};
    }
  }
  return "the file exists and holds something (another game's save?), which an export would "
         "replace: choose another file or remove it";
}

std::string refuse_existing(const std::string& path, const std::string& command,
                            const std::string& flag, const std::string& resumed) {
  if (const std::string kind = not_regular(path); !kind.empty()) {
    return flag + " " + shell_word(path) + ": it is " + kind + ": choose a file";
  }
  if (!resumed.empty() && same_file(path, resumed)) return {};
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec || size == 0) return {};
  const std::string word = shell_word(path);
  return flag + " " + word + ": the file exists, and " +
         (resumed.empty() ? "a new game" : "the game resumed from " + shell_word(resumed)) +
         " would replace it (whist " + command + " --resume " + word +
         " goes on with it); choose another file or remove it";
}

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (std::filesystem::equivalent(a, b, ec)) return true;
  // Not both there: the same path once made absolute and tidied ("./x", "d/../x").
  const auto ca = std::filesystem::weakly_canonical(a, ec);
  if (ec) return false;
  const auto cb = std::filesystem::weakly_canonical(b, ec);
  return !ec && ca == cb;
}

std::filesystem::path data_dir() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  if (xdg != nullptr && xdg[0] == '/') return std::filesystem::path(xdg) / "whist";
  const char* home = std::getenv("HOME");
  if (home == nullptr || home[0] == '\0') {
    // No HOME (a service, env -i): the account's own, not the current directory (regression: a
    // game saved there could be resumed only from there).
    const passwd* account = getpwuid(getuid());
    home = account != nullptr && account->pw_dir != nullptr && account->pw_dir[0] == '/'
               ? account->pw_dir
               : nullptr;
  }
  std::error_code ec;
  const std::filesystem::path base =
      home != nullptr ? std::filesystem::path(home) : std::filesystem::current_path(ec);
  return base / ".local" / "share" / "whist";
}

std::string local_time_text(const char* format) {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  char text[64];
  return std::strftime(text, sizeof text, format, &tm) > 0 ? text : "";
}

std::string claim_new_file(const std::filesystem::path& folder, const std::string& stem,
                           const std::string& ext, std::string& error) {
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  for (int n = 1; n <= 10000; ++n) {
    const std::string name = n == 1 ? stem + ext : stem + "-" + std::to_string(n) + ext;
    const std::string path = (folder / name).string();
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) {
      ::close(fd);
      const std::lock_guard lock(known_mutex());
      remember(path, "");
      return path;
    }
    if (errno != EEXIST) {
      error = failure(path, errno);
      return {};
    }
  }
  error = "cannot write a new file '" +
          escape_control_characters((folder / (stem + ext)).string()) + "': every name is taken";
  return {};
}

std::string rescue_file(const std::string& failed_path, const std::string& text) {
  const std::filesystem::path failed(failed_path);
  std::string error;
  std::string ext = failed.extension().string();
  if (ext.empty()) ext = ".json";
  const std::string path =
      claim_new_file(data_dir(), failed.stem().string() + "-unsaved", ext, error);
  if (path.empty()) return {};
  if (!write_file_atomic(path, text).empty()) {
    ::unlink(path.c_str());
    return {};
  }
  return path;
}

std::string shell_word(std::string_view path) {
  const auto safe = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 ||
           std::string_view("_@%+=:,./-").find(c) != std::string_view::npos ||
           static_cast<unsigned char>(c) >= 0x80;
  };
  const bool control = has_control_character(path);
  if (!path.empty() && !control && std::all_of(path.begin(), path.end(), safe)) {
    return std::string(path);
  }
  if (!control) {
    std::string out = "'";
    for (const char c : path) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
  }
  std::string out = "$'";
  for (size_t i = 0; i < path.size(); ++i) {
    if (const size_t n = control_length(path, i); n > 0) {
      out += escape_control_characters(path.substr(i, n));
      i += n - 1;
      continue;
    }
    if (path[i] == '\'' || path[i] == '\\') out += '\\';
    out += path[i];
  }
  return out + "'";
}

}  // namespace whist::cli
