#include "game/json_input.h"

#include <algorithm>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/text.h"

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
        element_done();
        break;
    }
    return true;
  };
  try {
    return Json::parse(text, check);
  } catch (const Json::out_of_range& e) {
    // nlohmann says where a syntax error is, but not where a number out of range (1e400) is.
    throw JsonInputError("not JSON: " + json_message(e.what()) +
                         (frames.empty() ? "" : " at " + path_of(frames, frames.size())));
  }
}

}  // namespace whist
