// Dataset basics, invariants, and the seeded train / validation / test split.
#include "core/data/dataset.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "expect_message.hpp"

namespace pla::dataset_test {
namespace {

using test::failed_with;

TEST(Dataset, AddRemoveCountRadius) {
  Dataset ds;
  ASSERT_TRUE(ds.add({3, 4}, 1).ok);
  ASSERT_TRUE(ds.add({1, 0}, -1).ok);
  ASSERT_TRUE(ds.add({0, -2}, -1).ok);
  EXPECT_EQ(ds.size(), 3u);
  EXPECT_EQ(ds.count(1), 1u);
  EXPECT_EQ(ds.count(-1), 2u);
  EXPECT_EQ(ds.radius(), 5.0);                  // ||(3,4)||
  EXPECT_EQ(ds.radius_aug(), std::sqrt(26.0));  // ||(3,4,1)||
  ds.remove(0);
  EXPECT_EQ(ds.x, (std::vector<double>{1, 0, 0, -2}));
  EXPECT_EQ(ds.y, (std::vector<int>{-1, -1}));
  EXPECT_EQ(ds.radius(), 2.0);
  ds.clear();
  EXPECT_TRUE(ds.empty());
  EXPECT_EQ(ds.radius_aug(), 0.0);
}

TEST(Dataset, AddRejectsBadPointsAndChangesNothing) {
  Dataset ds;
  EXPECT_TRUE(failed_with(ds.add({1}, 1), Msg::dataset_point_size, {{"coordinates", "1"}, {"d", "2"}}));
  EXPECT_TRUE(failed_with(ds.add({1, 2}, 0), Msg::dataset_label, {{"label", "0"}}));
  EXPECT_TRUE(failed_with(ds.add({1, std::numeric_limits<double>::infinity()}, 1), Msg::dataset_not_finite));
  EXPECT_TRUE(ds.empty());
  EXPECT_TRUE(ds.x.empty());
}

TEST(Dataset, ValidateNamesTheBrokenInvariant) {
  Dataset ds;
  ds.d = 3;
  ASSERT_TRUE(ds.add({1, 2, 3}, 1).ok);
  EXPECT_TRUE(ds.validate().ok);
  Dataset bad = ds;
  bad.d = 0;
  EXPECT_TRUE(failed_with(bad.validate(), Msg::dataset_bad_d, {{"d", "0"}}));
  bad = ds;
  bad.x.push_back(4);
  EXPECT_TRUE(failed_with(bad.validate(), Msg::dataset_size_mismatch, {{"values", "4"}, {"points", "1"}, {"d", "3"}}));
  bad = ds;
  bad.y[0] = 2;
  EXPECT_TRUE(failed_with(bad.validate(), Msg::dataset_point_label, {{"point", "0"}, {"label", "2"}}));
  bad = ds;
  bad.x[2] = std::nan("");
  EXPECT_TRUE(failed_with(bad.validate(), Msg::dataset_point_not_finite, {{"point", "0"}, {"coordinate", "2"}}));
  bad = ds;
  bad.feature_names = {"a"};
  EXPECT_TRUE(failed_with(bad.validate(), Msg::dataset_names, {{"names", "1"}, {"d", "3"}}));
}

void expect_disjoint_cover(const Split& s, std::size_t n) {
  std::vector<int> seen(n, 0);
  for (const auto* part : {&s.train, &s.validation, &s.test}) {
    for (std::size_t k = 0; k < part->size(); ++k) {
      ASSERT_LT((*part)[k], n);
      ++seen[(*part)[k]];
      if (k > 0) {
        EXPECT_LT((*part)[k - 1], (*part)[k]);  // ascending
      }
    }
  }
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(seen[i], 1) << "index " << i;
}

TEST(DatasetSplit, SizesDisjointCover) {
  Split s;
  ASSERT_TRUE(make_split(100, 0.2, 0.1, 5, s).ok);
  EXPECT_EQ(s.validation.size(), 20u);
  EXPECT_EQ(s.test.size(), 10u);
  EXPECT_EQ(s.train.size(), 70u);
  expect_disjoint_cover(s, 100);
  // Rounding half up: 0.25 * 10 = 2.5 -> 3, 0.15 * 10 = 1.5 -> 2.
  ASSERT_TRUE(make_split(10, 0.25, 0.15, 5, s).ok);
  EXPECT_EQ(s.validation.size(), 3u);
  EXPECT_EQ(s.test.size(), 2u);
  EXPECT_EQ(s.train.size(), 5u);
  expect_disjoint_cover(s, 10);
  ASSERT_TRUE(make_split(7, 0.0, 0.0, 5, s).ok);
  EXPECT_EQ(s.train, (std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6}));
  EXPECT_TRUE(s.validation.empty());
  EXPECT_TRUE(s.test.empty());
}

TEST(DatasetSplit, DeterministicPerSeedAndShuffled) {
  Split a, b, c;
  ASSERT_TRUE(make_split(1000, 0.1, 0.2, 42, a).ok);
  ASSERT_TRUE(make_split(1000, 0.1, 0.2, 42, b).ok);
  ASSERT_TRUE(make_split(1000, 0.1, 0.2, 43, c).ok);
  EXPECT_EQ(a.test, b.test);
  EXPECT_EQ(a.validation, b.validation);
  EXPECT_NE(a.test, c.test);
  // A shuffle, not a block: the 200 test indices are spread over 0..999.
  std::size_t low = 0;
  for (std::size_t i : a.test) low += i < 500;
  EXPECT_GT(low, 60u);
  EXPECT_LT(low, 140u);
}

TEST(DatasetSplit, RejectsBadFractionsAndKeepsOutput) {
  Split s;
  s.train = {99};
  EXPECT_TRUE(failed_with(make_split(10, -0.1, 0.1, 1, s), Msg::split_validation_fraction, {{"value", "-0.1"}}));
  EXPECT_TRUE(failed_with(make_split(10, 0.1, 1.0, 1, s), Msg::split_test_fraction, {{"value", "1"}}));
  EXPECT_TRUE(failed_with(make_split(10, 0.1, std::nan(""), 1, s), Msg::split_test_fraction, {{"value", "nan"}}));
  EXPECT_TRUE(failed_with(make_split(10, 0.6, 0.4, 1, s), Msg::split_fraction_sum, {{"validation", "0.6"}, {"test", "0.4"}}));
  EXPECT_TRUE(failed_with(make_split(2, 0.4, 0.4, 1, s), Msg::split_no_training,
                          {{"n", "2"}, {"validation", "1"}, {"test", "1"}}));
  EXPECT_FALSE(make_split(0, 0.0, 0.0, 1, s).ok);
  EXPECT_EQ(s.train, (std::vector<std::size_t>{99}));
}

TEST(DatasetSplit, SubsetTakesRowsInOrder) {
  Dataset ds;
  ds.feature_names = {"a", "b"};
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(ds.add({1.0 * i, 10.0 * i}, i % 2 ? 1 : -1).ok);
  const Dataset sub = subset(ds, {4, 1, 1, 99});
  EXPECT_EQ(sub.d, 2);
  EXPECT_EQ(sub.x, (std::vector<double>{4, 40, 1, 10, 1, 10}));
  EXPECT_EQ(sub.y, (std::vector<int>{-1, 1, 1}));
  EXPECT_EQ(sub.feature_names, ds.feature_names);
  Split s;
  ASSERT_TRUE(make_split(ds.size(), 0.2, 0.2, 3, s).ok);
  EXPECT_EQ(subset(ds, s.train).size() + subset(ds, s.validation).size() + subset(ds, s.test).size(), 5u);
}

}  // namespace
}  // namespace pla::dataset_test
