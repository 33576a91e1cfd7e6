// Ratings per time-control family: besides the overall rating (what
// pairing and the lists use), each person has a Glicko-2 rating in every
// family (bullet, blitz, ...) they have played a rated game of, rated only
// against the opponents' ratings in the same family (an engine counts with
// its fixed rating, as for the overall one, and has no family rows). A
// family rating starts at 1500 with deviation 350, as a new player does.
#pragma once

#include <cstdint>
#include <string>

#include "community/glicko2.hpp"
#include "server/base/user.hpp"
#include "server/store/database.hpp"

namespace dvonn::server {

// Rates a rated game that ended in its family (the family of the game's
// stored clock) and writes both people's family rows and family history
// rows. Called inside the transaction that changes the overall ratings
// (rate_finished_game). white_score: 1, 0.5 or 0. Throws StoreError.
void rate_family_game(Database* db, const std::string& game_id, const User& white, const User& black,
                      double white_score, std::int64_t now_ms);

// Whether a rated game's family rows are missing (its rating_history rows
// have no family_rating_history rows): a database made before family
// ratings existed. Live updates write both in one transaction, so once
// filled this stays false.
bool family_ratings_need_replay(Database* db);
// Fills the family ratings from scratch by replaying every rated game that
// changed a rating (it has rating_history rows), in the order they were
// rated (time, then game id), with the same updates a live game makes.
// Returns how many games it replayed. Throws StoreError.
std::int64_t replay_family_ratings(Database* db);

}  // namespace dvonn::server
