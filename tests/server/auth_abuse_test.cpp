// Abuse of the account endpoints (docs/server.md, "Limits"): nobody can
// lock another's account with wrong passwords, sign-ups and guests are
// limited per address, and a sign-up flood cannot hold up log-ins.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "community_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

// 127.0.0.n: every loopback address reaches the server from its own address.
std::string loopback(int n) { return "127.0.0." + std::to_string(n); }

class AuthAbuseTest : public CommunityTest {
 protected:
  void configure(ServerConfig& c) override {
    CommunityTest::configure(c);
    c.logins_per_minute = 5;
    c.address_logins_per_minute = 8;
    c.signups_per_hour = 3;
    c.guests_per_hour = 3;
  }
  int login(const std::string& name, const std::string& password, const std::string& from) {
    return http_request(port_, "POST", "/api/auth/login", json{{"name", name}, {"password", password}}.dump(), {}, from)
        .status;
  }
};

TEST_F(AuthAbuseTest, WrongPasswordsFromManyAddressesDoNotLockTheOwnerOut) {
  signup("alice", "alice's password");
  // More wrong attempts at alice than one address may make, each from its
  // own address: none is throttled, and alice still gets in.
  for (int i = 2; i < 9; ++i) EXPECT_EQ(login("alice", "guess " + std::to_string(i), loopback(i)), 401) << i;
  EXPECT_EQ(login("alice", "alice's password", loopback(1)), 200);

  // One address guessing at alice is throttled, for alice's name...
  for (int i = 0; i < 5; ++i) EXPECT_EQ(login("alice", "guess", loopback(20)), 401) << i;
  EXPECT_EQ(login("alice", "guess", loopback(20)), 429);
  EXPECT_EQ(login("alice", "alice's password", loopback(20)), 429);
  // ...but not alice herself elsewhere.
  EXPECT_EQ(login("alice", "alice's password", loopback(1)), 200);

  // One address trying many names is throttled whatever the names.
  for (int i = 0; i < 8; ++i) EXPECT_EQ(login("user" + std::to_string(i), "guess", loopback(30)), 401) << i;
  EXPECT_EQ(login("user9", "guess", loopback(30)), 429);
}

TEST_F(AuthAbuseTest, SignUpsAndGuestsAreLimitedPerAddress) {
  auto signup_from = [&](const std::string& name, int from) {
    return http_request(port_, "POST", "/api/auth/signup", json{{"name", name}, {"password", "long enough"}}.dump(), {},
                        loopback(from))
        .status;
  };
  auto guest_from = [&](const std::string& name, int from) {
    return http_request(port_, "POST", "/api/auth/guest", json{{"name", name}}.dump(), {}, loopback(from)).status;
  };
  for (int i = 0; i < 3; ++i) EXPECT_EQ(signup_from("flood" + std::to_string(i), 40), 201) << i;
  EXPECT_EQ(signup_from("flood3", 40), 429);
  EXPECT_EQ(get("/api/users/flood3").status, 404);
  EXPECT_EQ(signup_from("flood3", 41), 201);  // another address

  for (int i = 0; i < 3; ++i) EXPECT_EQ(guest_from("Guest" + std::to_string(i), 42), 201) << i;
  EXPECT_EQ(guest_from("Guest3", 42), 429);
  EXPECT_EQ(guest_from("Guest3", 43), 201);
}

TEST_F(AuthAbuseTest, ASignUpFloodDoesNotHoldUpALogIn) {
  signup("alice", "alice's password");
  // 100 sign-ups at once, from 100 addresses (so the per-address limit
  // does not help): each is an Argon2 hash.
  constexpr int kFlood = 100;
  std::vector<HttpResult> results(kFlood);
  std::vector<std::thread> flood;
  for (int i = 0; i < kFlood; ++i)
    flood.emplace_back([&, i] {
      try {
        results[i] = http_request(port_, "POST", "/api/auth/signup",
                                  json{{"name", "flood" + std::to_string(i)}, {"password", "long enough"}}.dump(), {},
                                  loopback(100 + i));
      } catch (const std::exception& e) {
        results[i].body = e.what();  // status 0: fails below
      }
    });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the flood is queued
  auto started = std::chrono::steady_clock::now();
  int status = login("alice", "alice's password", loopback(1));
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  for (auto& t : flood) t.join();
  EXPECT_EQ(status, 200);
  EXPECT_LT(seconds, 1.5) << "the log-in waited behind the sign-ups";
  std::cout << "log-in during the sign-up flood: " << seconds << " s\n";

  // Beyond the queue's bound the sign-ups were refused at once, with a
  // hint when to retry; the others were made.
  int made = 0, busy = 0;
  for (int i = 0; i < kFlood; ++i) {
    const HttpResult& r = results[i];
    std::string name = "flood" + std::to_string(i);
    if (r.status == 201) {
      ++made;
      EXPECT_EQ(get("/api/users/" + name).status, 200) << name;
    } else {
      EXPECT_EQ(r.status, 503) << name << ": " << r.body;
      EXPECT_EQ(r.header("Retry-After"), "2") << name;
      EXPECT_EQ(get("/api/users/" + name).status, 404) << name;
      ++busy;
    }
  }
  EXPECT_GT(made, 0);
  EXPECT_GT(busy, 0);
}

}  // namespace
}  // namespace dvonn::server::testing
