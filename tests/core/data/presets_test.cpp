// The lesson presets: exact contents, and the real Iris rows embedded at build time.
#include "core/data/presets.hpp"

#include <gtest/gtest.h>

#include "test_files.hpp"

#include <string>
#include <vector>

#include "core/data/read/io.hpp"
#include "expect_message.hpp"

namespace pla::presets_test {
namespace {

using test::preset;

TEST(Presets, NamesInMenuOrder) {
  EXPECT_EQ(preset_names(), (std::vector<std::string>{"textbook", "six", "and", "or", "customers", "iris"}));
}

TEST(Presets, ClassicLessonsUnchanged) {
  const Dataset t = preset("textbook");
  EXPECT_EQ(t.x, (std::vector<double>{3, 3, 4, 3, 1, 1}));
  EXPECT_EQ(t.y, (std::vector<int>{1, 1, -1}));
  const Dataset s = preset("six");
  EXPECT_EQ(s.x, (std::vector<double>{3, 3, 4, 3, 1, 1, 2, 2, 3, 1, 5, 2}));
  EXPECT_EQ(s.y, (std::vector<int>{1, 1, -1, -1, -1, 1}));
  const Dataset a = preset("and");
  EXPECT_EQ(a.x, (std::vector<double>{0, 0, 0, 1, 1, 0, 1, 1}));
  EXPECT_EQ(a.y, (std::vector<int>{-1, -1, -1, 1}));
  const Dataset o = preset("or");
  EXPECT_EQ(o.x, (std::vector<double>{0, 0, 0, 1, 1, 0, 1, 1}));
  EXPECT_EQ(o.y, (std::vector<int>{-1, 1, 1, 1}));
  for (const Dataset* ds : {&t, &s, &a, &o}) EXPECT_EQ(ds->d, 2);
}

TEST(Presets, CustomersArePlausibleAndSeparable) {
  const Dataset c = preset("customers");
  ASSERT_TRUE(c.validate().ok);
  EXPECT_EQ(c.d, 2);
  EXPECT_EQ(c.size(), 20u);
  EXPECT_EQ(c.count(1), 10u);
  EXPECT_EQ(c.feature_names, (std::vector<std::string>{"price", "quantity"}));
  // Big customers order more than 40 units, small ones fewer: the line quantity = 40
  // separates them, so the perceptron must converge.
  for (std::size_t i = 0; i < c.size(); ++i) {
    const double price = c.row(i)[0], quantity = c.row(i)[1];
    EXPECT_GT(price, 0.0);
    EXPECT_GT(quantity, 0.0);
    EXPECT_EQ(c.y[i], quantity > 40 ? 1 : -1) << "point " << i;
  }
}

TEST(Presets, IrisSetosaVersicolor) {
  const Dataset iris = preset("iris");
  ASSERT_TRUE(iris.validate().ok);
  EXPECT_EQ(iris.d, 2);
  ASSERT_EQ(iris.size(), 100u);
  EXPECT_EQ(iris.count(-1), 50u);
  EXPECT_EQ(iris.count(1), 50u);
  EXPECT_EQ(iris.feature_names, (std::vector<std::string>{"sepal_length", "petal_length"}));
  // Fisher's first setosa (5.1, 3.5, 1.4, 0.2) and first versicolor (7.0, 3.2, 4.7, 1.4).
  EXPECT_EQ(iris.row(0)[0], 5.1);
  EXPECT_EQ(iris.row(0)[1], 1.4);
  EXPECT_EQ(iris.y[0], -1);
  EXPECT_EQ(iris.row(50)[0], 7.0);
  EXPECT_EQ(iris.row(50)[1], 4.7);
  EXPECT_EQ(iris.y[50], 1);
  // Setosa petals are shorter than 2 cm, versicolor petals longer than 3 cm.
  for (std::size_t i = 0; i < iris.size(); ++i) {
    EXPECT_EQ(iris.y[i], i < 50 ? -1 : 1);
    EXPECT_EQ(iris.y[i], iris.row(i)[1] > 2.5 ? 1 : -1) << "row " << i;
  }
}

TEST(Presets, EmbeddedIrisMatchesTheShippedFile) {
  Dataset from_file;
  const Status st =
      read_data_file(std::string(PLA_SOURCE_DIR) + "/src/core/data/iris_setosa_versicolor.csv", from_file, 2);
  ASSERT_TRUE(st.ok) << st.error;
  const Dataset embedded = preset("iris");
  EXPECT_EQ(embedded.x, from_file.x);
  EXPECT_EQ(embedded.y, from_file.y);
}

TEST(Presets, UnknownNameListsTheKnownOnes) {
  Dataset ds;
  const Status st = make_preset("titanic", ds);
  EXPECT_TRUE(test::failed_with(st, Msg::preset_unknown,
                                {{"name", "titanic"}, {"known", "textbook, six, and, or, customers, iris"}}));
}

}  // namespace
}  // namespace pla::presets_test
