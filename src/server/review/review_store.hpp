// The review jobs in the game database (table reviews, schema.cpp): what
// each job analyses, how far it got and its result. Writes go through the
// GameStore's writer and are committed before the call returns, so what a
// job has done survives a restart.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/game_store.hpp"

namespace dvonn::server {

struct ReviewRow {
  std::string id;
  std::string game_id;  // "" for an imported record
  std::string moves_key;
  std::string record;  // the record analysed (game_record.hpp text)
  std::string status;  // "queued", "running", "done", "failed"
  int done = 0;
  int total = 0;
  std::string positions = "[]";  // JSON array of the evaluations so far
  std::string review;            // JSON of the result once done
  std::string error;
  std::string address;
  std::int64_t user_id = 0;
  std::int64_t created_ms = 0;
};

class ReviewStore {
 public:
  explicit ReviewStore(GameStore& store) : store_(store) {}

  std::optional<ReviewRow> find(const std::string& id);
  // The newest review of a game's moves (game_id "" : of an imported
  // record with those moves) that did not fail.
  std::optional<ReviewRow> find_for(const std::string& game_id, const std::string& moves_key);
  // The jobs not finished (queued or running), oldest first.
  std::vector<ReviewRow> unfinished();

  // Each returns the storage error, "" once committed.
  std::string insert(const ReviewRow& row);
  std::string save_progress(const std::string& id, int done, const std::string& positions, std::int64_t now);
  std::string finish(const std::string& id, const std::string& review, std::int64_t now);
  std::string fail(const std::string& id, const std::string& error, std::int64_t now);

 private:
  GameStore& store_;
};

}  // namespace dvonn::server
