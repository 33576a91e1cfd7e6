#include "server/accounts/account_store.hpp"

#include <sodium.h>

#include <iostream>

#include "server/accounts/account_rules.hpp"
#include "server/accounts/engine_ratings.hpp"
#include "server/accounts/family_ratings.hpp"
#include "server/accounts/session_cookie.hpp"
#include "server/store/sqlite_util.hpp"
#include "server/store/user_row.hpp"

namespace dvonn::server {
namespace {

std::string to_hex(const unsigned char* bytes, std::size_t n) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < n; ++i) {
    out += kHex[bytes[i] >> 4];
    out += kHex[bytes[i] & 15];
  }
  return out;
}

std::string sha256_hex(const std::string& text) {
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  return to_hex(digest, sizeof digest);
}

AuthResult auth_error(int status, std::string message) {
  AuthResult r;
  r.status = status;
  r.error = std::move(message);
  return r;
}

// A write that failed: the details (SQL, file names) go to the log, the
// client gets a plain message.
AuthResult storage_failure(const std::string& what, const std::string& error) {
  std::cerr << "dvonn serve: " << what << ": " << error << "\n";
  return auth_error(500, "storage error: the server could not save this; try again later");
}

}  // namespace

AccountStore::AccountStore(GameStore& store, NowMs now_ms) : store_(store), now_ms_(std::move(now_ms)) {
  if (!now_ms_) now_ms_ = system_now_ms;
  if (sodium_init() < 0) throw StoreError("libsodium could not be initialised");
  std::int64_t now = now_ms_();
  std::string error = store_.commit([now](StoreWriter& w) {
    Statement insert(w.connection(),
                     "INSERT INTO users(name, name_key, password_hash, guest, engine, rating, deviation, "
                     "created_ms) VALUES (?1, ?1, '', 0, 1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
                     false);
    Statement update(w.connection(), "UPDATE users SET rating = ?2, deviation = ?3 WHERE name_key = ?1", false);
    for (int level = 1; level <= kEngineLevels; ++level) {
      insert.bind(1, engine_user_name(level)).bind(2, engine_rating(level)).bind(3, kEngineDeviation).bind(4, now);
      insert.run();
      update.bind(1, engine_user_name(level)).bind(2, engine_rating(level)).bind(3, kEngineDeviation).run();
    }
  });
  if (!error.empty()) throw StoreError("cannot make the engine users: " + error);
  // A database from before the family ratings: filled once, in one
  // transaction, by replaying its rated games (family_ratings.hpp).
  std::int64_t replayed = 0;
  error = store_.commit([&replayed](StoreWriter& w) {
    if (family_ratings_need_replay(w.connection())) replayed = replay_family_ratings(w.connection());
  });
  if (!error.empty()) throw StoreError("cannot fill the family ratings: " + error);
  if (replayed > 0) std::cerr << "dvonn serve: family ratings filled from " << replayed << " rated games\n";
  for (int level = 1; level <= kEngineLevels; ++level) {
    auto p = find_user(engine_user_name(level));
    if (!p) throw StoreError("engine user missing");
    engines_[level - 1] = *p;
  }
}

User AccountStore::engine_user(int level) const {
  if (level < 1) level = 1;
  if (level > kEngineLevels) level = kEngineLevels;
  return engines_[level - 1];
}

std::optional<User> AccountStore::find_user(const std::string& name) {
  std::optional<User> found;
  std::string key = name_key(name);
  store_.read([&](Database* db) {
    Statement q(db, (std::string("SELECT ") + kUserColumns + " FROM users u WHERE u.name_key = ?1").c_str(), false);
    q.bind(1, key);
    if (q.next()) {
      found = read_user_row(q);
      q.reset();
    }
  });
  return found;
}

std::optional<User> AccountStore::session_user(const std::string& token) {
  if (token.empty()) return std::nullopt;
  std::optional<User> found;
  std::string hash = sha256_hex(token);
  std::int64_t now = now_ms_();
  store_.read([&](Database* db) {
    Statement q(db,
                (std::string("SELECT ") + kUserColumns +
                 " FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?1 AND s.expires_ms > ?2"
                 " AND u.banned = 0")
                    .c_str(),
                false);
    q.bind(1, hash).bind(2, now);
    if (q.next()) {
      found = read_user_row(q);
      q.reset();
    }
  });
  return found;
}

std::string AccountStore::new_session(Database* db, std::int64_t user) {
  unsigned char bytes[32];
  randombytes_buf(bytes, sizeof bytes);
  std::string token = to_hex(bytes, sizeof bytes);
  std::int64_t now = now_ms_();
  Statement insert(db, "INSERT INTO sessions(token_hash, user_id, created_ms, expires_ms) VALUES (?1, ?2, ?3, ?4)",
                   false);
  insert.bind(1, sha256_hex(token))
      .bind(2, user)
      .bind(3, now)
      .bind(4, now + static_cast<std::int64_t>(kSessionSeconds) * 1000)
      .run();
  // Expired sessions are of no use to anyone: drop them as we go.
  Statement sweep(db, "DELETE FROM sessions WHERE expires_ms <= ?1", false);
  sweep.bind(1, now).run();
  return token;
}

AuthResult AccountStore::create_user(const std::string& name, const std::string& hash, bool guest) {
  AuthResult result;
  std::int64_t now = now_ms_();
  std::string error = store_.commit([&](StoreWriter& w) {
    Statement insert(w.connection(),
                     "INSERT INTO users(name, name_key, password_hash, guest, created_ms) VALUES (?1, ?2, ?3, ?4, ?5)"
                     " RETURNING id",
                     false);
    insert.bind(1, name).bind(2, name_key(name)).bind(3, hash).bind(4, std::int64_t{guest}).bind(5, now);
    if (!insert.next()) throw StoreError("no user id");
    User p;
    p.id = insert.integer(0);
    insert.reset();
    p.name = name;
    p.guest = guest;
    result.user = p;
    result.token = new_session(w.connection(), p.id);
  });
  if (!error.empty()) {
    if (error.find("UNIQUE") != std::string::npos) return auth_error(409, "the name " + name + " is taken");
    return storage_failure("saving the user " + name, error);
  }
  result.status = 201;
  return result;
}

std::string AccountStore::release_expired_guest(const std::string& name) {
  // A guest can come back only with its session cookie: once no session of
  // it lives, its name is of no use to it and goes back to everyone. The
  // row stays (its games still show the name) under a key no name can have
  // ('~' is not allowed in names).
  std::int64_t now = now_ms_();
  return store_.commit([&](StoreWriter& w) {
    Statement release(w.connection(),
                      "UPDATE users SET name_key = '~' || id WHERE name_key = ?1 AND guest = 1 AND NOT EXISTS "
                      "(SELECT 1 FROM sessions s WHERE s.user_id = users.id AND s.expires_ms > ?2)",
                      false);
    release.bind(1, name_key(name)).bind(2, now).run();
  });
}

AuthResult AccountStore::signup(const std::string& name, const std::string& password) {
  if (auto why = check_new_name(name); !why.empty()) return auth_error(400, why);
  if (auto why = check_password(password); !why.empty()) return auth_error(400, why);
  if (auto error = release_expired_guest(name); !error.empty())
    return storage_failure("releasing the guest name " + name, error);
  if (find_user(name)) return auth_error(409, "the name " + name + " is taken");
  char hash[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(hash, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
    return auth_error(500, "out of memory while hashing the password");
  return create_user(name, hash, false);
}

AuthResult AccountStore::guest(const std::string& name) {
  if (auto why = check_new_name(name); !why.empty()) return auth_error(400, why);
  if (auto error = release_expired_guest(name); !error.empty())
    return storage_failure("releasing the guest name " + name, error);
  if (find_user(name)) return auth_error(409, "the name " + name + " is taken");
  return create_user(name, "", true);
}

AuthResult AccountStore::login(const std::string& name, const std::string& password) {
  // The same answer for an unknown name and a wrong password.
  const std::string wrong = "wrong name or password";
  std::string hash;
  std::optional<User> user;
  bool banned = false;  // by a moderator (dvonn admin ban)
  if (name.size() <= 64 && password.size() <= 128) {
    std::string key = name_key(name);
    store_.read([&](Database* db) {
      Statement q(db,
                  (std::string("SELECT ") + kUserColumns +
                   ", u.password_hash AS password_hash, u.banned AS banned FROM users u WHERE u.name_key = ?1")
                      .c_str(),
                  false);
      q.bind(1, key);
      if (q.next()) {
        user = read_user_row(q);
        hash = q.text("password_hash");
        banned = q.integer("banned") != 0;
        q.reset();
      }
    });
  }
  if (!user || hash.empty() || user->guest || user->engine) {
    // As slow as a real check, so the time taken does not tell which names
    // exist.
    static const std::string dummy = [] {
      char h[crypto_pwhash_STRBYTES] = {};
      std::string pw = "not a password of anyone";
      if (crypto_pwhash_str(h, pw.data(), pw.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                            crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
        return std::string();
      return std::string(h);
    }();
    if (!dummy.empty() && crypto_pwhash_str_verify(dummy.c_str(), password.data(), password.size()) == 0)
      return auth_error(401, wrong);  // (never: nobody's password)
    return auth_error(401, wrong);
  }
  if (crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) != 0) return auth_error(401, wrong);
  if (banned) return auth_error(403, "this account is banned");
  AuthResult result;
  result.user = *user;
  std::string error = store_.commit([&](StoreWriter& w) { result.token = new_session(w.connection(), user->id); });
  if (!error.empty()) return storage_failure("saving a session of " + user->name, error);
  return result;
}

void AccountStore::logout(const std::string& token, std::function<void(const std::string& error)> done) {
  std::string hash = sha256_hex(token);
  store_.submit(
      [hash](StoreWriter& w) {
        Statement del(w.connection(), "DELETE FROM sessions WHERE token_hash = ?1", false);
        del.bind(1, hash).run();
      },
      std::move(done));
}

AuthResult AccountStore::check_user_password(std::int64_t user, const std::string& password) {
  std::string hash;
  store_.read([&](Database* db) {
    Statement q(db, "SELECT password_hash FROM users WHERE id = ?1 AND guest = 0 AND engine = 0", false);
    q.bind(1, user);
    if (q.next()) {
      hash = q.text(0);
      q.reset();
    }
  });
  if (hash.empty() || password.size() > 128 ||
      crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) != 0)
    return auth_error(403, "wrong password");
  return {};
}

AuthResult AccountStore::change_password(const User& user, const std::string& old_password,
                                         const std::string& new_password, const std::string& keep_token) {
  if (user.guest || user.engine) return auth_error(403, "guests have no password to change");
  if (auto why = check_password(new_password); !why.empty()) return auth_error(400, why);
  if (AuthResult r = check_user_password(user.id, old_password); r.status != 200) return r;
  char hash[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(hash, new_password.data(), new_password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
    return auth_error(500, "out of memory while hashing the password");
  std::string keep = sha256_hex(keep_token);
  std::string error = store_.commit([&](StoreWriter& w) {
    Statement update(w.connection(), "UPDATE users SET password_hash = ?2 WHERE id = ?1", false);
    update.bind(1, user.id).bind(2, std::string(hash)).run();
    // Whoever else knew the old password is logged out everywhere.
    Statement others(w.connection(), "DELETE FROM sessions WHERE user_id = ?1 AND token_hash <> ?2", false);
    others.bind(1, user.id).bind(2, keep).run();
  });
  if (!error.empty()) return storage_failure("changing the password of " + user.name, error);
  AuthResult result;
  result.user = user;
  return result;
}

AuthResult AccountStore::delete_account(const User& user, const std::string& password) {
  if (user.engine || user.name == kDeletedPlayerName) return auth_error(403, "this account cannot be deleted");
  if (!user.guest)
    if (AuthResult r = check_user_password(user.id, password); r.status != 200) return r;
  std::int64_t unfinished = 0;
  store_.read([&](Database* db) {
    Statement q(db, "SELECT COUNT(*) FROM games WHERE (white_user = ?1 OR black_user = ?1) AND over = 0", false);
    q.bind(1, user.id);
    if (q.next()) {
      unfinished = q.integer(0);
      q.reset();
    }
  });
  // Its opponents are still playing (or a seek of it waits in the lobby):
  // those end first, by resigning, aborting or cancelling.
  if (unfinished > 0)
    return auth_error(409, "you have " + std::to_string(unfinished) +
                               " unfinished games; finish, resign, abort or cancel them first");
  std::string error = store_.commit([&](StoreWriter& w) {
    Database* db = w.connection();
    // The key '~deleted-ID' no name can have ('~' is not allowed): the
    // name is free for a new sign-up at once.
    Statement anonymise(
        db, "UPDATE users SET name = ?2, name_key = '~deleted-' || id, password_hash = '' WHERE id = ?1", false);
    anonymise.bind(1, user.id).bind(2, std::string(kDeletedPlayerName)).run();
    Statement sessions(db, "DELETE FROM sessions WHERE user_id = ?1", false);
    sessions.bind(1, user.id).run();
    for (const auto& step : deletion_steps_) step(db, user.id);
  });
  if (!error.empty()) return storage_failure("deleting the account of " + user.name, error);
  return {};
}

}  // namespace dvonn::server
