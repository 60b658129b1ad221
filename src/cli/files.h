// The files the program's users keep (saved games, exports): read whole with a plain error for
// whatever is wrong, and saved so that neither a crash nor a second writer ever leaves half of
// one: the text goes to a temporary file of its own beside the target, is flushed to the disk,
// and is renamed over the target in one step.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace whist::cli {

// Larger than any game record or score file (a long game's record is some hundreds of KiB): what
// is larger is refused rather than read into memory (/dev/zero never ends).
inline constexpr std::size_t kMaxFileBytes = std::size_t{64} << 20;

// Reads the whole file at `path` into `text`. On failure returns false and sets `error`, which
// names the file and says why ("cannot read 'x': it is a directory", "…: No such file or
// directory", "…: larger than 64 MiB"); it never throws.
bool read_file(const std::string& path, std::string& text, std::string& error,
               std::size_t limit = kMaxFileBytes);

// The same for standard input ("cannot read standard input: larger than 64 MiB, …").
bool read_standard_input(std::string& text, std::string& error, std::size_t limit = kMaxFileBytes);

// Writes `text` to `path`, making its folders; a symbolic link is followed, so the file it
// points to is replaced, not the link. Each call writes its own temporary file (never a shared
// `path.tmp`), so two threads writing one file at once each leave a whole file, the last one
// renamed. Refused: a path that holds something other than a regular file (a FIFO, a device),
// and a file changed since this process last read it (read_file) or wrote it here, by another
// program or a second session on the same file, which would otherwise lose what that one saved.
// Returns an error message naming the file, empty on success; on failure the target is as it
// was and no temporary file is left.
std::string write_file_atomic(const std::string& path, const std::string& text);

// A session's save file (whist play, whist score), held until the program ends: an flock() on
// it that every save passes on to the file it renames into place. Returns why not, empty when
// held: another session holds it ("g.json is open in another whist session …"). A file not there
// yet is held from its first save; where the file system has no locks, nothing is refused here,
// and write_file_atomic's comparison still keeps the other session's saves.
std::string hold_save_file(const std::string& path);

// Removes `path` if it is still the empty file claim_new_file made (a session whose first save
// failed leaves nothing behind); a file with something in it is kept.
void remove_claimed_file(const std::string& path);

// Why an export (whist score --csv/--json, "export csv FILE") may not be written to `path`, or
// empty if it may: something other than a regular file is there ("it is a named pipe …"), or a
// file that holds something ("the file exists and holds something …"), unless it is one this
// process wrote and nobody has changed since (a sheet exported again during a game).
std::string refuse_export(const std::string& path);

// The last resort of a save that failed (the disk full, the folder gone or made read-only during
// a game): writes `text` to a new file in the data folder named after the one that failed
// (g.json: g-unsaved.json, g-unsaved-2.json …) and returns its path, or empty when that fails too.
std::string rescue_file(const std::string& failed_path, const std::string& text);

// Why a new game, or the game resumed from the file `resumed`, may not be saved to `path`, empty
// if it may: what is not a regular file (a FIFO, a device, a folder; a link is followed) is never
// replaced, and a file with something in it is not (an empty file, as claim_new_file leaves,
// holds nothing to lose), unless it is `resumed` itself. `command` and `flag` name the
// program's ("play", "--save") in the message, which says how to go on with the file.
std::string refuse_existing(const std::string& path, const std::string& command,
                            const std::string& flag, const std::string& resumed = "");

// Whether `a` and `b` name one file (the same path, a link to it, another spelling of it), so
// that an export is not written over the game it exports.
bool same_file(const std::string& a, const std::string& b);

// Where saved games go by default: $XDG_DATA_HOME/whist when that is an absolute path (the XDG
// base directory rule: a relative one is ignored), else ~/.local/share/whist.
std::filesystem::path data_dir();

// The local time now in strftime's `format`: "%Y-%m-%d-%H%M" gives 2026-03-14-2031.
std::string local_time_text(const char* format);

// A new file for a save: creates `folder` and in it the empty file `stem` + `ext`, or `stem-2` +
// `ext`, `stem-3` + `ext` … when taken, and returns its path. The name is taken by creating the
// file (O_EXCL), so two programs started in the same second never choose the same one, and an
// existing file is never written over. On failure, `error` says why and the result is empty.
std::string claim_new_file(const std::filesystem::path& folder, const std::string& stem,
                           const std::string& ext, std::string& error);

// `path` as one word of a shell command, for the messages that say how to go on with a file
// ("whist play --resume PATH"): as it is when every character is safe, in single quotes when it
// holds a space or another character the shell would read, and in bash's $'...' with \x1b for
// each control character, so that the command can be pasted back and printing it cannot move
// the cursor or recolour the terminal.
std::string shell_word(std::string_view path);

}  // namespace whist::cli
