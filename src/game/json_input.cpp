#include "game/json_input.h"

#include <algorithm>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/text.h"
#include "game/json_int.h"

namespace whist {

namespace {

using Json = nlohmann::ordered_json;

// Where the parser is: one frame an object or array open around it.
struct Frame {
  bool object = false;
  // An object's keys so far (hashed: a search of each is short), and the last, for the path.
  std::unordered_set<std::string> keys;
  std::string last;
  size_t index = 0;  // an array's elements so far
};

// A key of the path as a message shows it: cut after 40 bytes (a whole character).
std::string path_key(const std::string& key) {
  const size_t n = utf8_prefix(key, 40);
  return escape_control_characters(std::string_view(key).substr(0, n)) +
         (n < key.size() ? "..." : "");
}

std::string path_of(const std::vector<Frame>& frames, size_t depth) {
  std::string path;
  for (size_t i = 0; i < depth; ++i) {
    const Frame& f = frames[i];
    if (f.object) {
      path += (path.empty() ? "" : ".") + path_key(f.last);
    } else {
      path += "[" + std::to_string(f.index) + "]";
    }
  }
  // At most its last 300 bytes, after "..." (64 levels of long keys would be kilobytes).
  constexpr size_t kMaxPath = 300;
  if (path.size() > kMaxPath) {
    size_t from = path.size() - kMaxPath;
    while (from < path.size() && (static_cast<unsigned char>(path[from]) & 0xC0) == 0x80) ++from;
    path = "..." + path.substr(from);
  }
  return path.empty() ? "the top-level object" : path;
}

// nlohmann's builder of a parsed document, calling back as Json::parse does, which also keeps
// the text of the last number that is not a 64-bit integer: nlohmann's sax_parse calls this
// number_float (a template parameter, so the base's is hidden, not overridden).
class NumberTextParser : public nlohmann::detail::json_sax_dom_callback_parser<Json> {
 public:
  NumberTextParser(Json& result, const Json::parser_callback_t& check, std::string& text)
      : json_sax_dom_callback_parser(result, check, true), text_(text) {}

  bool number_float(Json::number_float_t value, const std::string& text) {
    text_ = text;
    return json_sax_dom_callback_parser::number_float(value, text);
  }

 private:
  std::string& text_;
};

}  // namespace

Json parse_json_input(std::string_view text) {
  // A file cut short by a crash may be left full of NUL bytes, which nlohmann calls "unexpected
  // end of input", as if the file were empty (regression). JSON never holds one.
  if (const size_t nul = text.find('\0'); nul != std::string_view::npos) {
    const std::string_view before = text.substr(0, nul);
    const size_t line_start = before.rfind('\n');
    const size_t line = static_cast<size_t>(std::count(before.begin(), before.end(), '\n')) + 1;
    const size_t column = nul - (line_start == std::string_view::npos ? 0 : line_start + 1) + 1;
    throw JsonInputError("not JSON: a NUL byte at line " + std::to_string(line) + ", column " +
                         std::to_string(column) + " (byte " + std::to_string(nul + 1) +
                         " of the file): a file cut short by a crash may be left so");
  }
  std::vector<Frame> frames;
  std::string number_text;  // the last number's, as written
  const auto element_done = [&frames] {
    if (!frames.empty() && !frames.back().object) ++frames.back().index;
  };
  const auto check = [&](int, Json::parse_event_t event, Json& parsed) {
    switch (event) {
      case Json::parse_event_t::object_start:
      case Json::parse_event_t::array_start:
        if (frames.size() >= static_cast<size_t>(kMaxJsonDepth)) {
          throw JsonInputError("nested more than " + std::to_string(kMaxJsonDepth) +
                               " levels deep at " + path_of(frames, frames.size()));
        }
        frames.push_back(Frame{event == Json::parse_event_t::object_start, {}, {}, 0});
        break;
      case Json::parse_event_t::key: {
        Frame& f = frames.back();
        const auto& key = parsed.get_ref<const std::string&>();
        // nlohmann's ordered objects find a key by a linear search, so an object of 200,000 keys
        // took a minute to read (regression); no whist file has an object of more than ~40.
        if (f.keys.size() >= static_cast<size_t>(kMaxJsonKeys)) {
          throw JsonInputError("more than " + std::to_string(kMaxJsonKeys) + " fields in " +
                               path_of(frames, frames.size() - 1));
        }
        if (!f.keys.insert(key).second) {
          throw JsonInputError("the field " + quote_input(key) + " is given twice in " +
                               path_of(frames, frames.size() - 1));
        }
        f.last = key;
        break;
      }
      case Json::parse_event_t::object_end:
      case Json::parse_event_t::array_end:
        frames.pop_back();
        element_done();
        break;
      case Json::parse_event_t::value:
        if (parsed.is_number_float()) parsed = json_number_as_written<Json>(number_text);
        element_done();
        break;
    }
    return true;
  };
  try {
    // Json::parse(text, check), with the text of each number that is not a 64-bit integer kept
    // for the callback (nlohmann's own parser drops it).
    Json result;
    NumberTextParser sax(result, check, number_text);
    Json::sax_parse(text, &sax);
    // A top-level value the callback discarded (none is) would be null, as Json::parse makes it.
    if (result.is_discarded()) result = nullptr;
    return result;
  } catch (const Json::out_of_range& e) {
    // nlohmann says where a syntax error is, but not where a number out of range (1e400) is.
    throw JsonInputError("not JSON: " + json_message(e.what()) +
                         (frames.empty() ? "" : " at " + path_of(frames, frames.size())));
  }
}

}  // namespace whist
