// JSON read from outside (game records, score files): nlohmann's parser, with two refusals it
// lacks.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string_view>

namespace whist {

// No file of ours nests past 5 levels, and the writers recurse one frame a level (regression:
// 40,000 levels of '[' in an 80 KB record overflowed the stack when the record was written back).
inline constexpr int kMaxJsonDepth = 64;
// Fields in one object: no file of ours has more than ~40 in one (the options).
inline constexpr int kMaxJsonKeys = 1000;

// A NUL byte, nesting past kMaxJsonDepth, more than kMaxJsonKeys fields in one object, a key given
// twice in one object, or a number out of range (1e400); what() names where, as a path from the top
// ("deals[0]").
struct JsonInputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Parses `text`, its objects' keys in the order given. Throws nlohmann::json::exception for text
// that is not JSON, and JsonInputError for a key given twice in one object (nlohmann keeps the last
// silently, so a record resumed and saved again lost the first: regression), more fields in an
// object than kMaxJsonKeys (nlohmann's ordered objects search keys one by one: 200,000 took a
// minute to read), nesting past kMaxJsonDepth, or a number too large for a double (nlohmann's own
// error names no place).
nlohmann::ordered_json parse_json_input(std::string_view text);

}  // namespace whist
