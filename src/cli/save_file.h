// Saving a file so that neither a crash nor a second writer ever leaves half of one: the text
// goes to a temporary file of its own beside the target, is flushed to the disk, and is renamed
// over the target in one step.
#pragma once

#include <string>

namespace whist::cli {

// Writes `text` to `path`, making its folders; a symbolic link is followed, so the file it
// points to is replaced, not the link. Each call writes its own temporary file (never a shared
// `path.tmp`), so two writers of one file at once each leave a whole file, the last one renamed.
// Returns an error message naming the file, empty on success; on failure the target is as it
// was and no temporary file is left.
std::string write_file_atomic(const std::string& path, const std::string& text);

}  // namespace whist::cli
