// A server for the tournament tests: the director sweeps often and pauses
// nothing between rounds, with helpers to create tournaments, wait for
// their state and play (resign) their games.
#pragma once

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>

#include "community_fixture.hpp"

namespace dvonn::server::testing {

class TournamentTest : public CommunityTest {
 public:
  // The seat's player resigns the game (by its session).
  void resign(const std::string& game, const Browser& player) {
    auto seat = get("/api/games/" + game + "/seat", player);
    ASSERT_EQ(seat.status, 200) << seat.body;
    auto r = call("/api/games/" + game + "/resign", {{"token", seat.json()["token"]}}, player);
    ASSERT_EQ(r.status, 200) << r.body;
  }

 protected:
  void configure(ServerConfig& c) override {
    CommunityTest::configure(c);
    c.tournament_sweep_ms = 20;
    c.tournament_round_pause_ms = 0;
  }

  nlohmann::json swiss(int rounds, nlohmann::json extra = nlohmann::json::object()) {
    nlohmann::json j = {{"name", "Friday blitz"},
                        {"kind", "swiss"},
                        {"clock", {{"type", "realtime"}, {"initial", 300}, {"increment", 3}}},
                        {"rated", true},
                        {"rounds", rounds},
                        {"starts_ms", now() + 3'600'000}};
    j.update(extra);
    return j;
  }
  // Creates a tournament; its id.
  std::string create(const Browser& who, const nlohmann::json& body) {
    auto r = call("/api/tournaments", body, who);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.status == 201 ? r.json()["tournament"]["id"].get<std::string>() : "";
  }
  void join_all(const std::string& id, const std::vector<Browser>& players) {
    for (const Browser& b : players) {
      auto r = call("/api/tournaments/" + id + "/join", nlohmann::json::object(), b);
      EXPECT_EQ(r.status, 200) << r.body;
    }
  }
  nlohmann::json view(const std::string& id, const Browser& b = {}) {
    auto r = get("/api/tournaments/" + id, b);
    EXPECT_EQ(r.status, 200) << r.body;
    return r.status == 200 ? r.json() : nlohmann::json();
  }
  // Polls the tournament until pred holds (the director sweeps in the
  // background).
  template <class Pred>
  nlohmann::json wait_view(const std::string& id, Pred pred, double seconds = 10) {
    auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    nlohmann::json v;
    while (std::chrono::steady_clock::now() < until) {
      v = view(id);
      if (!v.is_null() && pred(v)) return v;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ADD_FAILURE() << "timed out waiting for tournament " << id << ": " << v.dump();
    return v;
  }
  // The pairings of a round once all its games are made.
  nlohmann::json round_of(const nlohmann::json& v, int round) {
    for (const auto& r : v["rounds"])
      if (r["round"] == round) return r["pairings"];
    return nlohmann::json::array();
  }
};

}  // namespace dvonn::server::testing
