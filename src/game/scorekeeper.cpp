#include "game/scorekeeper.h"

#include <cassert>

namespace whist {

Scorekeeper::Scorekeeper(Rules rules, std::vector<std::string> names, int first_dealer)
    : rules_(std::move(rules)),
      schedule_(rules_),
      names_(std::move(names)),
      first_dealer_(first_dealer),
      tally_(rules_) {
  assert(validate(rules_).empty());
  assert(static_cast<int>(names_.size()) == rules_.players);
  rescore();
  open_next();
}

void Scorekeeper::rescore() {
  Tally tally(rules_);
  results_.clear();
  contexts_.clear();
  const int n = players();
  const auto context_now = [&](int k) {
    DealContext c;
    c.index = k;
    c.dealer = (first_dealer_ + k - tally.redeals()) % n;
    c.plan = schedule_.plan(k);
    c.turns_card = rules_.family == Family::ExactBid && rules_.trump == TrumpRule::Turned &&
                   c.plan.cards * n < rules_.deck_size();
    if (rules_.trump == TrumpRule::Rotation) c.fixed_trump = c.plan.rotation_trump;
    if (c.plan.special == SpecialHand::AllZero) c.forced_bid = 0;
    if (c.plan.special == SpecialHand::AllEight) c.forced_bid = c.plan.cards;
    c.zero_announced = tally.zero_play_announced();
    if (schedule_.zero_play_open(k)) {
      c.zero_open = static_cast<uint8_t>(((1u << n) - 1) & ~c.zero_announced);
    }
    c.length = schedule_.length();
    return c;
  };
  for (size_t k = 0; k < deals_.size(); ++k) {
    contexts_.push_back(context_now(static_cast<int>(k)));
    DealResult r = deal_result(deals_[k], contexts_.back(), rules_);
    tally.score(r);
    results_.push_back(r);
  }
  contexts_.push_back(context_now(static_cast<int>(deals_.size())));
  tally_ = tally;
}

void Scorekeeper::open_next() {
  form_.reset();
  if (!tally_.over_after(static_cast<int>(deals_.size()))) {
    form_.emplace(rules_, names_, contexts_.back());
  }
}

std::vector<int> Scorekeeper::winners() const {
  if (!finished()) return {};
  return tally_.winners();
}

DealContext Scorekeeper::context(int k) const { return contexts_.at(static_cast<size_t>(k)); }

std::string Scorekeeper::answer(std::string_view text) {
  if (!form_) return "the game is over";
  if (std::string error = form_->answer(text); !error.empty()) return error;
  if (form_->complete()) {
    deals_.push_back(form_->deal());
    rescore();
    open_next();
  }
  return {};
}

bool Scorekeeper::undo() {
  if (form_ && form_->undo()) return true;
  if (deals_.empty()) return false;
  // Reopen the last deal with all its answers but the last.
  const ScoreDeal last = deals_.back();
  deals_.pop_back();
  rescore();
  form_.emplace(rules_, names_, contexts_.back());
  form_->fill(last);
  form_->undo();
  return true;
}

std::string Scorekeeper::load(const std::vector<ScoreDeal>& deals, const ScoreDeal& partial) {
  Scorekeeper fresh(rules_, names_, first_dealer_);
  for (size_t k = 0; k < deals.size(); ++k) {
    const std::string where = "deal " + std::to_string(k + 1);
    if (fresh.finished()) return where + ": the game was already over";
    DealForm form = *fresh.form_;
    if (std::string error = form.fill(deals[k]); !error.empty()) return where + ": " + error;
    if (!form.complete()) return where + ": " + form.question()->prompt + ": no answer";
    fresh.deals_.push_back(form.deal());
    fresh.rescore();
    fresh.open_next();
  }
  if (partial != ScoreDeal{}) {
    if (fresh.finished()) return "the deal in progress comes after the end of the game";
    if (std::string error = fresh.form_->fill(partial); !error.empty()) {
      return "deal " + std::to_string(deals.size() + 1) + " (in progress): " + error;
    }
    if (fresh.form_->complete()) {
      fresh.deals_.push_back(fresh.form_->deal());
      fresh.rescore();
      fresh.open_next();
    }
  }
  *this = std::move(fresh);
  return {};
}

std::string Scorekeeper::replace(int k, const ScoreDeal& deal) {
  if (k < 0 || k >= static_cast<int>(deals_.size())) {
    return "no deal " + std::to_string(k + 1) + " to change";
  }
  std::vector<ScoreDeal> deals = deals_;
  deals[static_cast<size_t>(k)] = deal;
  return load(deals, form_ ? form_->deal() : ScoreDeal{});
}

SheetData Scorekeeper::sheet_data() const {
  return SheetData{.rules = rules_,
                   .names = names_,
                   .results = results_,
                   .finished = finished(),
                   .winners = winners()};
}

std::string Scorekeeper::sheet(SheetStyle style) const { return format_sheet(sheet_data(), style); }

}  // namespace whist
