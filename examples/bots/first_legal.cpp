// first_legal: the smallest useful engine for `whist arena --bots ext:...` (docs/bot-protocol.md).
// It bids 0 when it may (else the first legal action), plays its lowest legal card (by rank,
// then suit), and otherwise takes the first legal action. It reads nothing but `legal`.
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

namespace {

// The action to take from a `choose` view.
int choose(const nlohmann::json& view) {
  const auto& legal = view.at("legal");
  int best = legal.at(0).at("code").get<int>();
  bool best_is_card = false;
  for (const auto& a : legal) {
    const int code = a.at("code").get<int>();
    const std::string text = a.at("text").get<std::string>();
    if (text == "bid 0") return code;
    // Codes 0 … 63 play the card with that index: suit × 16 + rank, ranks from 0 (two) up.
    if (code < 64) {
      const auto rank = [](int c) { return (c & 15) * 4 + (c >> 4); };
      if (!best_is_card || rank(code) < rank(best)) best = code;
      best_is_card = true;
    }
  }
  return best;
}

}  // namespace

int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    const std::string command = line.substr(0, line.find(' '));
    const std::string rest = line.size() > command.size() ? line.substr(command.size() + 1) : "";
    if (command == "whist-bot") {
      if (rest != "1") {
        std::cout << "error protocol version " << rest << " is not supported" << std::endl;
        return 1;
      }
      std::cout << "ready first_legal 1.0" << std::endl;
    } else if (command == "choose") {
      std::cout << choose(nlohmann::json::parse(rest)) << std::endl;
    } else if (command == "quit") {
      return 0;
    }
    // new-deal, rules and anything unknown: nothing to answer.
  }
  return 0;
}
