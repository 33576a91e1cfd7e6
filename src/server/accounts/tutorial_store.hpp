// Which steps of the interactive tutorial each account has finished (table
// tutorial_progress): kept so that the tutorial resumes where its learner
// left it, in any browser. Writes through the GameStore's writer,
// committed before the call returns.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/base/now_ms.hpp"
#include "server/store/game_store.hpp"

namespace dvonn::server {

class TutorialStore {
 public:
  TutorialStore(GameStore& store, NowMs now_ms) : store_(store), now_ms_(std::move(now_ms)) {}

  // The steps a user has finished, in the tutorial's order.
  std::vector<std::string> done(std::int64_t user);
  // Marks a step (a name of kTutorialSteps) finished; marking it again
  // changes nothing and writes nothing. Returns the storage error, "" on
  // success.
  std::string finish(std::int64_t user, const std::string& step);
  // Removes a user's progress (a deleted account), in the caller's
  // transaction.
  static void forget_user(Database* db, std::int64_t user);

 private:
  GameStore& store_;
  NowMs now_ms_;
};

}  // namespace dvonn::server
