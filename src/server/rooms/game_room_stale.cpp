// Many servers on one database: a room's memory of its game is older than
// the database for the moment between another node's change and its NOTIFY
// reaching this node (GameChangeFeed), which nginx makes common: a
// player's WebSocket on node A, their POST on node B. A request that this
// memory refuses, or whose change loses to the other node's at commit (the
// version check), is checked again against the stored game; only what the
// stored game refuses is refused. Nothing is applied twice: a refused
// attempt changed nothing, and a lost one wrote nothing (its savepoint was
// rolled back) and its memory was replaced by the stored game.
#include <iostream>

#include "server/rooms/game_room.hpp"

namespace dvonn::server {

bool GameRoom::may_be_stale(const RoomReply& reply) {
  return reply.stale || reply.status == 400 || reply.status == 403 || reply.status == 409;
}

void GameRoom::recheck(std::int64_t seen, std::function<void(bool newer)> then) {
  if (!context_.many_nodes || !context_.background) return then(false);
  // Off the caller's thread (a network thread, or under a commit's
  // callback): the read may wait for a read connection.
  auto read = [self = shared_from_this(), seen, then] {
    bool newer = false;
    try {
      // The version alone first: most refusals are not stale ones.
      auto version = self->context_.store.stored_version(self->id_);
      if (version && *version > seen) {
        if (auto stored = self->context_.store.load(self->id_)) {
          self->refresh(*stored);
          newer = true;
        }
      }
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: game " << self->id_ << ": re-reading it after a refusal: " << e.what() << "\n";
    }
    then(newer);
  };
  if (!context_.background(read)) then(false);
}

void GameRoom::ask_fresh(Attempt attempt, Reply reply, int tries) {
  if (!context_.many_nodes) return attempt(std::move(reply));
  const std::int64_t seen = version();
  attempt([self = shared_from_this(), attempt, reply, seen, tries](const RoomReply& r) {
    if (tries <= 0 || !may_be_stale(r)) {
      if (reply) reply(r);
      return;
    }
    // Lost to another node's change: the room has the stored game now.
    if (r.stale) return self->ask_fresh(attempt, reply, tries - 1);
    self->recheck(seen, [self, attempt, reply, tries, r](bool newer) {
      if (newer) return self->ask_fresh(attempt, reply, tries - 1);
      if (reply) reply(r);
    });
  });
}

void GameRoom::move(const std::string& token, const std::string& move_text, Reply reply, const std::string& client) {
  ask_fresh([self = shared_from_this(), token, move_text,
             client](Reply r) { self->try_move(token, move_text, std::move(r), client); },
            std::move(reply));
}

void GameRoom::undo(const std::string& token, Reply reply) {
  ask_fresh([self = shared_from_this(), token](Reply r) { self->try_undo(token, std::move(r)); }, std::move(reply));
}

void GameRoom::join(const User& player, Reply reply) {
  ask_fresh([self = shared_from_this(), player](Reply r) { self->try_join(player, std::move(r)); }, std::move(reply));
}

void GameRoom::resign(const std::string& token, Reply reply) {
  ask_fresh([self = shared_from_this(), token](Reply r) { self->try_resign(token, std::move(r)); }, std::move(reply));
}

void GameRoom::cancel(std::int64_t user, Reply reply) {
  ask_fresh([self = shared_from_this(), user](Reply r) { self->try_cancel(user, std::move(r)); }, std::move(reply));
}

void GameRoom::abort(const std::string& token, Reply reply) {
  ask_fresh([self = shared_from_this(), token](Reply r) { self->try_abort(token, std::move(r)); }, std::move(reply));
}

void GameRoom::decline_rematch(const std::string& token, Reply reply) {
  ask_fresh([self = shared_from_this(), token](Reply r) { self->try_decline_rematch(token, std::move(r)); },
            std::move(reply));
}

void GameRoom::request_takeback(const std::string& token, Reply reply) {
  ask_fresh([self = shared_from_this(), token](Reply r) { self->try_request_takeback(token, std::move(r)); },
            std::move(reply));
}

void GameRoom::answer_takeback(const std::string& token, bool accept, Reply reply) {
  ask_fresh(
      [self = shared_from_this(), token, accept](Reply r) { self->try_answer_takeback(token, accept, std::move(r)); },
      std::move(reply));
}

void GameRoom::claim(const std::string& token, Reply reply) {
  ask_fresh([self = shared_from_this(), token](Reply r) { self->try_claim(token, std::move(r)); }, std::move(reply));
}

}  // namespace dvonn::server
