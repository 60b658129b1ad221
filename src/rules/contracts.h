// Call-Ace whist's contracts (seed 004): the ranking table, in order, with the points each is
// worth. A "+" contract of the seed's table is a number of tricks with a modifier other than
// Quarter; at one level the modifiers rank Turn < Good < Sense < Half, so each "+" row stands for
// four contracts of equal points.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace whist {

enum class ContractKind : uint8_t {
  Plain,        // called partner; the declarer picks trump
  Turn,         // called partner; trump by turning the kitty; the kitty must be taken
  Good,         // called partner; clubs trump
  Sense,        // called partner; no trump
  Half,         // called partner; the partner picks trump and may exchange with the kitty
  Quarter,      // alone; the declarer picks trump
  Sun,          // alone, no trump: exactly one trick
  CleanSun,     // alone, no trump: no trick
  Table,        // as Sun; the declarer's hand is shown after the first trick
  CleanTable,   // as CleanSun; the declarer's hand is shown after the first trick
  DoubleTable,  // no trick; every hand is shown after the first trick
};

struct Contract {
  ContractKind kind = ContractKind::Plain;
  int tricks = 0;  // positive contracts: the tricks the declaring side must take at least
  int points = 0;

  bool negative() const { return kind >= ContractKind::Sun; }
  bool alone() const { return kind >= ContractKind::Quarter; }
  // The tricks a negative contract promises exactly (1 for Sun and Table, else 0).
  int negative_target() const { return kind == ContractKind::Sun || kind == ContractKind::Table; }
};

inline constexpr int kNumContracts = 47;

// Whether the declaring side made the contract with `tricks` tricks: at least the contract's
// tricks, or for a negative contract exactly what it promises.
bool contract_made(const Contract& c, int tricks);
// The game's value: the contract's points × (1 + tricks over or under the contract).
int game_value(const Contract& c, int tricks);

// The ladder from the lowest bid (7) to the highest (13 Quarter).
std::span<const Contract> contract_ladder();

// "7", "7 turn", "8 good", "9 sense", "10 half", "11 quarter", "sun", "clean sun", "table",
// "clean table", "double table".
std::string contract_name(int index);
std::optional<int> parse_contract(std::string_view name);

}  // namespace whist
