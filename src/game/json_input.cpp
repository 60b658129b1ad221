#include "game/json_input.h"

#include <string>
#include <vector>

#include "core/text.h"

namespace whist {

namespace {

using Json = nlohmann::ordered_json;

// Where the parser is: one frame an object or array open around it.
struct Frame {
  bool object = false;
  std::vector<std::string> keys;  // an object's keys so far (few: a linear search)
  size_t index = 0;               // an array's elements so far
};

std::string path_of(const std::vector<Frame>& frames, size_t depth) {
  std::string path;
  for (size_t i = 0; i < depth; ++i) {
    const Frame& f = frames[i];
    if (f.object) {
      path += (path.empty() ? "" : ".") + (f.keys.empty() ? std::string() : f.keys.back());
    } else {
      path += "[" + std::to_string(f.index) + "]";
    }
  }
  return path.empty() ? "the top-level object" : path;
}

}  // namespace

Json parse_json_input(std::string_view text) {
  std::vector<Frame> frames;
  const auto element_done = [&frames] {
    if (!frames.empty() && !frames.back().object) ++frames.back().index;
  };
  return Json::parse(text, [&](int, Json::parse_event_t event, Json& parsed) {
    switch (event) {
      case Json::parse_event_t::object_start:
      case Json::parse_event_t::array_start:
        if (frames.size() >= static_cast<size_t>(kMaxJsonDepth)) {
          throw JsonInputError("nested more than " + std::to_string(kMaxJsonDepth) +
                               " levels deep at " + path_of(frames, frames.size()));
        }
        frames.push_back({event == Json::parse_event_t::object_start, {}, 0});
        break;
      case Json::parse_event_t::key: {
        Frame& f = frames.back();
        const auto& key = parsed.get_ref<const std::string&>();
        for (const std::string& k : f.keys) {
          if (k == key) {
            throw JsonInputError("the field " + quote_input(key) + " is given twice in " +
                                 path_of(frames, frames.size() - 1));
          }
        }
        f.keys.push_back(key);
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
  });
}

}  // namespace whist
