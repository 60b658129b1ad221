// libFuzzer target: hostile game records (`whist replay FILE`, `whist play --resume FILE`). Every
// input must end in a match or in a one-line error that the record code wrote itself: its
// catch-all for an unforeseen exception ("malformed record: ...") names no deal or field, so
// reaching it is a defect. Neither the error nor the score sheet `whist replay` prints may hold a
// control character (but the sheet's line breaks): either would drive the terminal. A record that
// replays must give a valid summary, and written out again it must replay to the very same text
// (records round-trip).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "core/text.h"
#include "game/record.h"
#include "game/sheet.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const whist::ReplayResult read = whist::replay_record(text);
  if (!read.match) {
    // A line break is a control character: the error is one line.
    if (read.error.empty() || whist::has_control_character(read.error) ||
        read.error.starts_with("malformed record")) {
      std::abort();
    }
    return 0;
  }
  const auto summary =
      nlohmann::json::parse(whist::replay_summary_json(*read.match), nullptr, false);
  if (summary.is_discarded() || !summary.is_object()) std::abort();
  for (const bool unicode : {false, true}) {
    whist::SheetStyle style;
    style.unicode = unicode;
    if (whist::has_control_character_in_lines(whist::format_sheet(*read.match, style))) {
      std::abort();
    }
  }
  const std::string written = whist::write_record(*read.match, read.session);
  const whist::ReplayResult again = whist::replay_record(written);
  if (!again.match || whist::write_record(*again.match, again.session) != written) std::abort();
  return 0;
}
