#include "rules/contracts.h"

#include <array>

namespace whist {

namespace {

// The seed's table, row by row; a "+" row becomes Turn, Good, Sense, Half.
constexpr std::array<Contract, kNumContracts> build_ladder() {
  std::array<Contract, kNumContracts> out{};
  int n = 0;
  const auto add = [&](ContractKind k, int tricks, int points) { out[n++] = {k, tricks, points}; };
  const auto plus = [&](int tricks, int points) {
    for (ContractKind k :
         {ContractKind::Turn, ContractKind::Good, ContractKind::Sense, ContractKind::Half}) {
      add(k, tricks, points);
    }
  };
  using K = ContractKind;
  add(K::Plain, 7, 1);
  plus(7, 2);
  add(K::Plain, 8, 2);
  add(K::Sun, 0, 5);
  plus(8, 4);
  add(K::Plain, 9, 4);
  add(K::Quarter, 7, 2);
  add(K::CleanSun, 0, 10);
  plus(9, 8);
  add(K::Plain, 10, 8);
  add(K::Table, 0, 20);
  add(K::Quarter, 8, 4);
  plus(10, 16);
  add(K::Plain, 11, 16);
  add(K::Quarter, 9, 8);
  plus(11, 32);
  add(K::Plain, 12, 32);
  add(K::CleanTable, 0, 20);
  add(K::Quarter, 10, 16);
  plus(12, 64);
  add(K::Plain, 13, 64);
  add(K::DoubleTable, 0, 40);
  add(K::Quarter, 11, 32);
  plus(13, 128);
  add(K::Quarter, 12, 64);
  add(K::Quarter, 13, 128);
  return out;
}

constexpr std::array<Contract, kNumContracts> kLadder = build_ladder();

constexpr std::string_view kKindNames[] = {"",      "turn",        "good",        "sense",
                                           "half",  "quarter",     "sun",         "clean sun",
                                           "table", "clean table", "double table"};

}  // namespace

std::span<const Contract> contract_ladder() { return kLadder; }

bool contract_made(const Contract& c, int tricks) {
  return c.negative() ? tricks == c.negative_target() : tricks >= c.tricks;
}

int game_value(const Contract& c, int tricks) {
  const int target = c.negative() ? c.negative_target() : c.tricks;
  const int off = tricks > target ? tricks - target : target - tricks;
  return c.points * (1 + off);
}

std::string contract_name(int index) {
  const Contract& c = kLadder[index];
  const std::string_view kind = kKindNames[static_cast<int>(c.kind)];
  if (c.negative()) return std::string(kind);
  if (c.kind == ContractKind::Plain) return std::to_string(c.tricks);
  return std::to_string(c.tricks) + " " + std::string(kind);
}

std::optional<int> parse_contract(std::string_view name) {
  for (int i = 0; i < kNumContracts; ++i) {
    if (contract_name(i) == name) return i;
  }
  return std::nullopt;
}

}  // namespace whist
