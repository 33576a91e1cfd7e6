#include "server/accounts/tutorial_store.hpp"

#include <algorithm>

#include "server/accounts/tutorial_steps.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server {

std::vector<std::string> TutorialStore::done(std::int64_t user) {
  std::vector<std::string> stored;
  store_.read([&](Database* db) {
    Statement q(db, "SELECT step FROM tutorial_progress WHERE user_id = ?1", false);
    q.bind(1, user);
    while (q.next()) stored.push_back(q.text(0));
  });
  // In the tutorial's order; a name no longer a step is left out.
  std::vector<std::string> steps;
  for (std::string_view step : kTutorialSteps)
    if (std::find(stored.begin(), stored.end(), step) != stored.end()) steps.emplace_back(step);
  return steps;
}

std::string TutorialStore::finish(std::int64_t user, const std::string& step) {
  std::vector<std::string> already = done(user);
  if (std::find(already.begin(), already.end(), step) != already.end()) return "";
  std::int64_t now = now_ms_();
  return store_.commit([&](StoreWriter& w) {
    Statement q(w.connection(),
                "INSERT INTO tutorial_progress(user_id, step, done_ms) VALUES (?1, ?2, ?3)"
                " ON CONFLICT DO NOTHING",
                false);
    q.bind(1, user).bind(2, step).bind(3, now);
    q.run();
  });
}

void TutorialStore::forget_user(Database* db, std::int64_t user) {
  Statement q(db, "DELETE FROM tutorial_progress WHERE user_id = ?1", false);
  q.bind(1, user).run();
}

}  // namespace dvonn::server
