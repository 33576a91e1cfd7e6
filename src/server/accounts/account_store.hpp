// Users and their sessions, in the game database: sign-up, log-in, guests,
// log-out and the user of a session cookie. Passwords are kept only as
// Argon2id hashes (libsodium, interactive limits); a session cookie holds
// 256 random bits and the database only their SHA-256. Sessions last 30
// days from when they were created; a guest's name is free again once its
// sessions have expired.
//
// Sign-up and log-in hash a password (tens of milliseconds and 64 MiB):
// call them from a worker thread, never from a network thread. Writes go
// through the GameStore's writer (committed before the call returns).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/base/now_ms.hpp"
#include "server/base/user.hpp"
#include "server/store/game_store.hpp"

namespace dvonn::server {

struct AuthResult {
  int status = 200;  // 200/201, or the HTTP error status
  std::string error;
  User user;
  std::string token;  // the new session's cookie value
};

class AccountStore {
 public:
  // Initialises libsodium; makes the engine users (engine-1 .. engine-8)
  // with their fixed ratings; fills the family ratings of a database from
  // before them (replay_family_ratings). Throws StoreError.
  AccountStore(GameStore& store, NowMs now_ms);

  // Slow (password hashing).
  AuthResult signup(const std::string& name, const std::string& password);
  AuthResult login(const std::string& name, const std::string& password);
  AuthResult guest(const std::string& name);
  // Deletes a session (a no-op for an unknown one); done after the commit.
  void logout(const std::string& token, std::function<void(const std::string& error)> done);

  // Your account (docs/community-api.md): slow too (password hashing).
  // Changes a registered user's password when `old_password` is theirs
  // (else 403, nothing changed) and deletes every session of theirs but the
  // one of `keep_token`. 200, or the HTTP error status.
  AuthResult change_password(const User& user, const std::string& old_password, const std::string& new_password,
                             const std::string& keep_token);
  // Deletes an account (a registered user's password must be theirs; a
  // guest has none): the row stays, so that its games keep their seat, as
  // kDeletedPlayerName with no password, its name free again; its sessions
  // go and every deletion step runs, all in one transaction. 409 while the
  // user has unfinished games. 200, or the HTTP error status.
  AuthResult delete_account(const User& user, const std::string& password);
  // What other stores keep about a user (relations, chat, ...) and forget
  // when the account is deleted: run in delete_account's transaction. Add
  // them before serving.
  using DeletionStep = std::function<void(Database* db, std::int64_t user)>;
  void add_deletion_step(DeletionStep step) { deletion_steps_.push_back(std::move(step)); }

  // The user of a session cookie; nullopt when unknown or expired.
  std::optional<User> session_user(const std::string& token);
  std::optional<User> find_user(const std::string& name);
  // engine-L.
  User engine_user(int level) const;

  std::int64_t now() const { return now_ms_(); }

 private:
  // Makes a session for a user in the current transaction; returns the token.
  std::string new_session(Database* db, std::int64_t user);
  AuthResult create_user(const std::string& name, const std::string& hash, bool guest);
  // Frees the name of a guest none of whose sessions lives any more;
  // returns the storage error, "" on success.
  std::string release_expired_guest(const std::string& name);

  // Whether `password` is the registered user's: 200, 403 when it is not
  // (or the user has no password: guests, engines, deleted accounts).
  AuthResult check_user_password(std::int64_t user, const std::string& password);

  GameStore& store_;
  NowMs now_ms_;
  User engines_[8];
  std::vector<DeletionStep> deletion_steps_;
};

}  // namespace dvonn::server
