// libFuzzer target: hostile game records (`whist replay FILE`, `whist play --resume FILE`). Every
// input must end in a match or in a one-line error that the record code wrote itself: its
// catch-all for an unforeseen exception ("malformed record: ...") names no deal or field, so
// reaching it is a defect. A record that replays must give a valid summary, and written out
// again it must replay to the very same text (records round-trip).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "game/record.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const whist::ReplayResult read = whist::replay_record(text);
  if (!read.match) {
    if (read.error.empty() || read.error.find('\n') != std::string::npos ||
        read.error.starts_with("malformed record")) {
      std::abort();
    }
    return 0;
  }
  const auto summary =
      nlohmann::json::parse(whist::replay_summary_json(*read.match), nullptr, false);
  if (summary.is_discarded() || !summary.is_object()) std::abort();
  const std::string written = whist::write_record(*read.match, read.session);
  const whist::ReplayResult again = whist::replay_record(written);
  if (!again.match || whist::write_record(*again.match, again.session) != written) std::abort();
  return 0;
}
