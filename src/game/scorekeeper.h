// The scorekeeper of a game played with real cards (`whist score`): the schedule walked deal by
// deal, each deal taken down through a DealForm (game/score_form.h), the score kept by the same
// Tally as a played match, corrections to any earlier deal with every later deal checked again,
// and the sheet in the seeds' layout. No input or output here: the command line (and later a
// server) asks the questions and shows the answers.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/score_form.h"
#include "game/sheet.h"
#include "game/tally.h"
#include "rules/rules.h"
#include "rules/schedule.h"

namespace whist {

class Scorekeeper {
 public:
  // `rules` must be valid (validate(rules) empty); names.size() == rules.players; the seat
  // `first_dealer` deals the first deal.
  Scorekeeper(Rules rules, std::vector<std::string> names, int first_dealer);

  const Rules& rules() const { return rules_; }
  const std::vector<std::string>& names() const { return names_; }
  int players() const { return rules_.players; }
  int first_dealer() const { return first_dealer_; }
  const Schedule& schedule() const { return schedule_; }

  // The finished deals, their scored results, and whether the game is over.
  const std::vector<ScoreDeal>& deals() const { return deals_; }
  const std::vector<DealResult>& results() const { return results_; }
  bool finished() const { return !form_.has_value(); }
  // The winners once the game is over (empty before).
  std::vector<int> winners() const;
  const Tally& tally() const { return tally_; }

  // The deal being taken down (only while the game is not over).
  const DealForm& current() const { return *form_; }
  // Answers its current question; a deal's last answer scores it and opens the next deal.
  // Empty when accepted, else why not.
  std::string answer(std::string_view text);
  // Takes back the last answer, going back into the previous deal when the current one has
  // none yet (or the game is over); false when there is nothing to take back.
  bool undo();

  // Where deal k (from 0; up to deals().size()) sits: its dealer, cards, trump, zero play.
  DealContext context(int k) const;
  // Replaces finished deal k with `deal` (complete), checking every later deal, the deal in
  // progress and the end of the game again; nothing changes on a refusal.
  std::string replace(int k, const ScoreDeal& deal);
  // Takes down `deals` in order (all complete) and then `partial` (the deal in progress), as
  // if answered one by one; nothing changes on a refusal ("deal 3: Dana bids 1: the hook ...").
  std::string load(const std::vector<ScoreDeal>& deals, const ScoreDeal& partial);

  SheetData sheet_data() const;
  std::string sheet(SheetStyle style = {}) const;

 private:
  void rescore();
  void open_next();

  Rules rules_;
  Schedule schedule_;
  std::vector<std::string> names_;
  int first_dealer_ = 0;
  std::vector<ScoreDeal> deals_;
  std::vector<DealResult> results_;
  std::vector<DealContext> contexts_;  // of every finished deal and the next one
  Tally tally_;
  std::optional<DealForm> form_;
};

}  // namespace whist
