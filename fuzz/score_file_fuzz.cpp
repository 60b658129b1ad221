// libFuzzer target: hostile scorekeeper save files (`whist score --resume FILE`). Every input must
// load or be refused with a one-line error without control characters; "not JSON" only for text
// that is not JSON, and never the reader's "not a score file: " of a JSON exception on valid JSON
// (a check it forgot). A file that loads must export a valid JSON sheet and a CSV, and written out
// again it must load to the very same text.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "core/text.h"
#include "game/score_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const whist::ScoreFileResult read = whist::read_score_file(text);
  if (!read.keeper) {
    if (read.error.empty() || whist::has_control_character(read.error)) std::abort();
    // nlohmann takes a NUL byte for the end of its input, so it accepts '{}\0junk'; JSON has no
    // NUL byte, and the reader refuses any as "not JSON".
    const bool json = nlohmann::json::accept(text) && text.find('\0') == std::string::npos;
    if (read.error.starts_with("not JSON") && json) std::abort();
    if (read.error.starts_with("not a score file: ")) std::abort();
    return 0;
  }
  if (!read.error.empty()) std::abort();
  const auto sheet = nlohmann::json::parse(whist::score_json(*read.keeper), nullptr, false);
  if (sheet.is_discarded() || !sheet.is_object()) std::abort();
  if (whist::score_csv(*read.keeper).empty()) std::abort();
  // The sheet `whist score` prints: nothing in it may drive the terminal.
  if (whist::has_control_character_in_lines(read.keeper->sheet())) std::abort();
  const std::string written = whist::write_score_file(*read.keeper);
  const whist::ScoreFileResult again = whist::read_score_file(written);
  if (!again.keeper || whist::write_score_file(*again.keeper) != written) std::abort();
  return 0;
}
