#include "game/match.h"

#include <algorithm>
#include <cassert>

#include "core/deck.h"

namespace whist {

Match::Match(Rules rules, std::vector<std::string> names, int first_dealer)
    : rules_(std::move(rules)),
      schedule_(rules_),
      names_(std::move(names)),
      first_dealer_(first_dealer) {
  assert(validate(rules_).empty());
  assert(static_cast<int>(names_.size()) == rules_.players);
  finished_ = schedule_.length() && *schedule_.length() == 0;
}

DealSetup Match::next_setup() const {
  const DealPlan plan = schedule_.plan(deal_index_);
  DealSetup s;
  s.players = players();
  s.cards = plan.cards;
  s.dealer = next_dealer();
  s.must_trump = rules_.must_trump;
  s.hook = rules_.hook;
  switch (rules_.trump) {
    case TrumpRule::Rotation:
      s.trump = plan.rotation_trump;
      break;
    case TrumpRule::Turned:
    case TrumpRule::NoTrump:
      s.trump = Suit::None;
      break;
  }
  switch (plan.special) {
    case SpecialHand::AllZero:
      s.forced_bid = 0;
      break;
    case SpecialHand::AllEight:
      s.forced_bid = plan.cards;
      break;
    case SpecialHand::Blind:
      s.blind_bidding = true;
      break;
    case SpecialHand::None:
      break;
  }
  s.choose_mode = plan.mode == OneCardMode::DealerChooses;
  s.mode = s.choose_mode ? OneCardMode::Regular : plan.mode;
  if (schedule_.zero_play_open(deal_index_)) {
    s.zero_play_open = static_cast<uint8_t>(((1u << players()) - 1) & ~zero_announced_);
  }
  return s;
}

void Match::deal_random(Rng& rng) {
  const DealSetup s = next_setup();
  const std::vector<Card> deck = shuffled(rules_.deck_cards(), rng);
  Hands hands{};
  size_t next = 0;
  for (int c = 0; c < s.cards; ++c) {
    for (int p = 0; p < s.players; ++p) hands[(s.dealer + 1 + p) % s.players] |= deck[next++];
  }
  const bool turns = rules_.trump == TrumpRule::Turned && next < deck.size();
  start_deal(hands, turns ? deck[next] : kNoCard);
}

std::string Match::deal_given(const Hands& hands, Card turned) {
  if (finished_) return "the game is already over";
  if (in_deal_) return "the previous deal is not finished";
  const DealSetup s = next_setup();
  const CardSet deck = rules_.deck_cards();
  CardSet seen;
  std::array<int, 64> holder{};
  for (int p = 0; p < s.players; ++p) {
    if (hands[p].size() != s.cards) {
      const int held = hands[p].size();
      return "seat " + std::to_string(p) + " holds " + std::to_string(held) +
             (held == 1 ? " card" : " cards") + ", expected " + std::to_string(s.cards);
    }
    for (Card c : hands[p]) {
      if (!deck.contains(c)) {
        return "card " + to_string(c) + " is not in the " + std::to_string(deck.size()) +
               "-card deck";
      }
      if (seen.contains(c)) {
        return "card " + to_string(c) + " dealt twice (seats " + std::to_string(holder[c.index()]) +
               " and " + std::to_string(p) + ")";
      }
      holder[c.index()] = p;
    }
    seen |= hands[p];
  }
  const bool turns = rules_.trump == TrumpRule::Turned && s.cards * s.players < deck.size();
  if (turns && turned == kNoCard) return "this deal turns a card for trump, but none is given";
  if (!turns && turned != kNoCard)
    return "this deal turns no card, but " + to_string(turned) + " is given";
  if (turns) {
    if (!deck.contains(turned)) {
      return "turned card " + to_string(turned) + " is not in the " + std::to_string(deck.size()) +
             "-card deck";
    }
    if (seen.contains(turned)) {
      return "turned card " + to_string(turned) + " is also held by seat " +
             std::to_string(holder[turned.index()]);
    }
  }
  start_deal(hands, turned);
  return {};
}

void Match::start_deal(const Hands& hands, Card turned) {
  DealSetup s = next_setup();
  if (rules_.trump == TrumpRule::Turned && turned != kNoCard) s.trump = turned.suit();
  s.turned = turned;
  state_ = DealState(s, hands);
  log_.push_back(DealLog{hands, turned, {}});
  log_.back().actions.reserve(static_cast<size_t>(s.cards * s.players + s.players + 2));
  in_deal_ = true;
}

std::string Match::why_illegal(Action a) const {
  if (!in_deal_) return finished_ ? "the game is over" : "no deal in progress";
  return state_.why_illegal(a);
}

void Match::apply(Action a) {
  assert(in_deal_ && state_.is_legal(a));
  DealState::Undo u;
  state_.apply(a, u);
  log_.back().actions.push_back(a);
  if (state_.done()) score_deal();
}

void Match::score_deal() {
  const DealState& d = state_;
  DealResult r;
  r.cards = d.cards();
  r.dealer = d.dealer();
  r.trump = d.trump();
  const bool doubled =
      rules_.spades_double && d.turned() != kNoCard && d.turned().suit() == Suit::Spades;
  const bool counts = d.cards() != 1 || rules_.streak_one_card;
  for (int p = 0; p < players(); ++p) {
    r.bids[p] = d.bid(p);
    r.tricks[p] = d.tricks_won(p);
    Points pts = contract_points(rules_, r.bids[p], r.tricks[p], d.cards(), players(), d.bid_sum());
    if (doubled) pts = pts * 2;
    r.contract[p] = pts;
    const bool made = r.bids[p] == r.tricks[p];
    if (made) made_bid_sum_[p] += r.bids[p];
    if (counts) {
      if (made) {
        miss_streak_[p] = 0;
        if (rules_.streak_bonus > 0 && ++made_streak_[p] == rules_.streak_length) {
          r.bonus[p] = Points::whole(rules_.streak_bonus);
          made_streak_[p] = 0;
        }
      } else {
        made_streak_[p] = 0;
        if (rules_.miss_penalty > 0 && ++miss_streak_[p] == rules_.miss_length) {
          r.bonus[p] = -Points::whole(rules_.miss_penalty);
          miss_streak_[p] = 0;
        }
      }
    }
    r.points[p] = r.contract[p] + r.bonus[p];
    totals_[p] += r.points[p];
    r.totals[p] = totals_[p];
  }
  zero_announced_ |= d.zero_announced();
  results_.push_back(r);
  in_deal_ = false;
  ++deal_index_;
  if (const auto len = schedule_.length()) {
    finished_ = deal_index_ >= *len;
  } else {
    const Points target = Points::whole(rules_.target_score);
    // A cap keeps a game whose totals drift away from the target (random players, a system
    // where misses cost points) from running forever.
    const int cap = rules_.deal_limit > 0 ? rules_.deal_limit : kDefaultTargetDealCap;
    finished_ = deal_index_ >= cap || std::any_of(totals_.begin(), totals_.begin() + players(),
                                                  [&](Points t) { return t >= target; });
  }
}

std::vector<int> Match::winners() const {
  std::vector<int> out;
  if (!finished_) return out;
  for (int p = 0; p < players(); ++p) {
    if ((zero_announced_ >> p & 1) && totals_[p] == Points()) out.push_back(p);
  }
  if (!out.empty()) return out;  // a successful zero play wins the game
  const bool low = lowest_wins(rules_.scoring);
  const auto better = [&](int a, int b) {  // is seat a strictly ahead of seat b?
    if (totals_[a] != totals_[b]) return low ? totals_[a] < totals_[b] : totals_[a] > totals_[b];
    if (rules_.scoring == Scoring::Scratch) return made_bid_sum_[a] > made_bid_sum_[b];
    return false;
  };
  for (int p = 0; p < players(); ++p) {
    bool beaten = false;
    for (int q = 0; q < players(); ++q) beaten = beaten || better(q, p);
    if (!beaten) out.push_back(p);
  }
  return out;
}

}  // namespace whist
