#include "server/review/review_jobs.hpp"

#include <iostream>

#include "core/game_record.hpp"
#include "core/position_string.hpp"
#include "server/base/random_id.hpp"
#include "server/review/review_json.hpp"
#include "server/rooms/background_priority.hpp"
#include "server/store/moves_key.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

ReviewAnswer error_answer(int status, const std::string& message) { return {status, json{{"error", message}}}; }

// A job's evaluations so far, from their stored JSON.
std::vector<engine::PositionEval> stored_positions(const std::string& text) {
  std::vector<engine::PositionEval> out;
  json j = json::parse(text, nullptr, false);
  if (!j.is_array()) return out;
  for (const json& e : j) {
    auto eval = position_eval_from_json(e);
    if (!eval) break;
    out.push_back(*eval);
  }
  return out;
}

}  // namespace

ReviewJobs::ReviewJobs(GameStore& games, ReviewStore& reviews, EngineWorkers& engines, ReviewLimits limits,
                       NowMs now_ms)
    : games_(games), reviews_(reviews), engines_(engines), limits_(limits), now_ms_(std::move(now_ms)) {}

ReviewJobs::~ReviewJobs() { stop(); }

void ReviewJobs::start() {
  std::lock_guard lock(mutex_);
  if (started_) return;
  started_ = true;
  for (const ReviewRow& row : reviews_.unfinished()) {
    pending_[row.id] = {row.address, row.user_id};
    queue_.push(row.address, row.id);
  }
  if (limits_.run) thread_ = std::thread([this] { run(); });
}

void ReviewJobs::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  abort_ = true;
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

json ReviewJobs::status_json(const ReviewRow& row) {
  json j = {{"id", row.id},
            {"game", row.game_id.empty() ? json(nullptr) : json(row.game_id)},
            {"status", row.status},
            {"progress", {{"done", row.done}, {"total", row.total}}},
            {"review", nullptr}};
  if (row.status == "done") j["review"] = json::parse(row.review, nullptr, false);
  if (row.status == "failed") j["error"] = row.error;
  return j;
}

std::optional<Game> ReviewJobs::stored_game(const std::string& game_id, bool& over) {
  std::optional<StoredGame> stored = games_.load(game_id);
  if (!stored) return std::nullopt;
  over = stored->over;
  auto start = parse_position(stored->start);
  if (!start) return std::nullopt;
  Game game(*start);
  for (const std::string& text : stored->moves) {
    auto m = parse_move(text);
    if (!m || !game.play(*m).empty()) return std::nullopt;
  }
  return game;
}

ReviewAnswer ReviewJobs::enqueue(const std::string& game_id, const Game& game, const std::string& address,
                                 std::int64_t user) {
  std::lock_guard lock(mutex_);
  const std::string key = moves_key(game);
  if (auto row = reviews_.find_for(game_id, key)) return {row->status == "done" ? 200 : 202, status_json(*row)};
  std::size_t by_address = 0, by_account = 0;
  for (const auto& [id, p] : pending_) {
    by_address += p.address == address;
    by_account += user != 0 && p.user == user;
  }
  if (by_address >= limits_.per_address || (user != 0 && by_account >= limits_.per_account))
    return error_answer(429, "you have as many reviews on their way as allowed: wait for one to finish");
  if (pending_.size() >= limits_.max_queued) return error_answer(503, "too many reviews are waiting: try again later");
  ReviewRow row;
  row.id = new_game_id();
  row.game_id = game_id;
  row.moves_key = key;
  row.record = format_record(record_of(game));
  row.status = "queued";
  row.total = static_cast<int>(game.moves().size()) + 1;
  row.address = address;
  row.user_id = user;
  row.created_ms = now_ms_();
  std::string error = reviews_.insert(row);
  if (!error.empty()) return error_answer(500, "storage error: " + error);
  pending_[row.id] = {address, user};
  queue_.push(address, row.id);
  cv_.notify_all();
  return {202, status_json(row)};
}

ReviewAnswer ReviewJobs::request_game(const std::string& game_id, const std::string& address, std::int64_t user) {
  bool over = false;
  auto game = stored_game(game_id, over);
  if (!game) return error_answer(404, "no game with id " + game_id);
  if (!over) return error_answer(409, "the game is not over: a review is for a finished game");
  if (game->moves().empty()) return error_answer(409, "the game has no moves to review");
  return enqueue(game_id, *game, address, user);
}

ReviewAnswer ReviewJobs::request_record(const std::string& text, const std::string& address, std::int64_t user) {
  if (text.size() > limits_.max_record_bytes)
    return error_answer(413, "the record is too long (at most " + std::to_string(limits_.max_record_bytes) + " bytes)");
  std::string error;
  auto record = parse_record(text, &error);
  if (!record) return error_answer(400, "the record does not parse: " + error);
  auto game = replay_record(*record, &error);
  if (!game) return error_answer(400, "the record's moves are not legal: " + error);
  if (game->moves().empty()) return error_answer(400, "the record has no moves to review");
  return enqueue("", *game, address, user);
}

ReviewAnswer ReviewJobs::game_status(const std::string& game_id) {
  bool over = false;
  auto game = stored_game(game_id, over);
  if (!game) return error_answer(404, "no game with id " + game_id);
  if (auto row = reviews_.find_for(game_id, moves_key(*game))) return {200, status_json(*row)};
  return {200, json{{"id", nullptr},
                    {"game", game_id},
                    {"status", "none"},
                    {"progress", {{"done", 0}, {"total", game->moves().size() + 1}}},
                    {"review", nullptr}}};
}

ReviewAnswer ReviewJobs::review_status(const std::string& id) {
  if (!looks_like_game_id(id)) return error_answer(404, "no review with id " + id);
  auto row = reviews_.find(id);
  if (!row) return error_answer(404, "no review with id " + id);
  return {200, status_json(*row)};
}

void ReviewJobs::run() {
  // Below the engine pool's priority: live games' searches come first.
  lower_this_thread_priority(limits_.nice);
  for (;;) {
    std::string id;
    {
      std::unique_lock lock(mutex_);
      cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      id = queue_.pop();
    }
    try {
      run_job(id);
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: review " << id << " failed: " << e.what() << "\n";
      reviews_.fail(id, "the review could not be stored", now_ms_());
    }
    std::lock_guard lock(mutex_);
    // Stopped in the middle: it stays pending in the store for the next start.
    if (!stopping_) pending_.erase(id);
  }
}

void ReviewJobs::run_job(const std::string& id) {
  auto row = reviews_.find(id);
  if (!row || (row->status != "queued" && row->status != "running")) return;
  auto fail = [&](const std::string& why) {
    reviews_.fail(id, why, now_ms_());
    row->status = "failed";
    row->error = why;
    if (progress_) progress_(*row, status_json(*row));
  };
  auto record = parse_record(row->record);
  auto game = record ? replay_record(*record) : std::nullopt;
  if (!game) return fail("the stored record does not replay");
  const std::vector<Position> boards = engine::game_positions(*game);
  std::vector<engine::PositionEval> evals = stored_positions(row->positions);
  json stored = json::array();
  for (const auto& e : evals) stored.push_back(position_eval_json(e));
  engine::Engine engine(engine::kTopLevel, limits_.budget.hash_megabytes);
  while (evals.size() < boards.size()) {
    // Live games first: wait while engine moves or hints are queued.
    bool go_on = wait_for_live_engines(engines_, [this] {
      std::lock_guard lock(mutex_);
      return stopping_;
    });
    if (!go_on) return;
    engine::PositionEval eval = engine::evaluate_position(engine, boards[evals.size()], limits_.budget, &abort_);
    if (abort_) return;  // cut short by the stop: not the budget's result
    evals.push_back(std::move(eval));
    stored.push_back(position_eval_json(evals.back()));
    std::string error = reviews_.save_progress(id, static_cast<int>(evals.size()), stored.dump(), now_ms_());
    if (!error.empty()) return fail("storage error: " + error);
    row->status = "running";
    row->done = static_cast<int>(evals.size());
    if (progress_) progress_(*row, status_json(*row));
  }
  // A game's moves may not change under its review: its result is refused
  // if they did (a new request then reviews the new moves).
  if (!row->game_id.empty()) {
    bool over = false;
    auto now = stored_game(row->game_id, over);
    if (!now || moves_key(*now) != row->moves_key) return fail("the game's moves changed during the review");
  }
  engine::GameReview review = engine::assemble_review(*game, std::move(evals), limits_.budget);
  row->review = review_json(review, *game).dump();
  std::string error = reviews_.finish(id, row->review, now_ms_());
  if (!error.empty()) return fail("storage error: " + error);
  row->status = "done";
  if (progress_) progress_(*row, status_json(*row));
}

}  // namespace dvonn::server
