import { describe, expect, it } from "vitest";
import { prepare, scorePair } from "./match-score.ts";
import { jaroWinkler } from "./name-similarity.ts";
import { nameReading, readingPairs, readsLike, skeleton } from "./name-reading.ts";

const flat = { weight: () => 1 };
const score = (a: string, b: string) => scorePair(prepare({ id: "a", name: a }), prepare({ id: "b", name: b }), flat);

describe("name readings", () => {
  it.each([
    ["华为技术有限公司", "huaweijishu"],
    ["阿里巴巴集团控股有限公司", "alibaba"],
    ["百度在线网络技术（北京）公司", "baiduzaixianwangluojishubeijing"],
    ["ソニーグループ株式会社", "sonigurupu"],
    ["株式会社ソニー", "soni"],
    ["ｿﾆｰ", "soni"],
    ["トヨタ自動車株式会社", "toyotazidongche"],
    ["삼성전자주식회사", "samseongjeonja"],
    ["(주)카카오", "kakao"],
    ["㈜카카오", "kakao"],
    ["주식회사 카카오", "kakao"],
  ])("reads %s as %s", (name, text) => {
    expect(nameReading(name)?.text).toBe(text);
  });

  it("gives no reading to a Latin name, nor strips a name down to nothing", () => {
    expect(nameReading("Sony Group Corporation")).toBeNull();
    expect(nameReading("Société Générale")).toBeNull();
    expect(nameReading("")).toBeNull();
    expect(nameReading("株式会社")?.text).toBe("zhushihuishe");
  });

  it.each([
    ["samsung", "smsng"],
    ["samseongjeonja", "smsngjnj"],
    ["sony", "sn"],
    ["soni", "sn"],
    ["toyota", "tt"],
    ["adidas", "adds"],
    ["huawei", "hw"],
    ["coffee", "cf"],
  ])("sounds out %s as %s", (word, consonants) => {
    expect(skeleton(word)).toBe(consonants);
  });

  it("reads a name of 100,000 characters no further than a word can reach", () => {
    const reading = nameReading("ソニー".repeat(33_334))!;
    expect(reading.skeletons.size).toBeLessThanOrEqual(40);
    expect(readsLike(["sony"], reading, jaroWinkler)).toBe(true);
  });

  it("keeps the skeleton at each character's end, so a word must sound out whole characters", () => {
    expect([...nameReading("ソニーグループ")!.skeletons]).toEqual([
      ["s", 2],
      ["sn", 4],
      ["sng", 6],
      ["sngr", 8],
      ["sngrp", 10],
    ]);
    // "Sams" is a prefix of "samseong" letter for letter, but ends inside 성.
    expect(readsLike(["sams"], nameReading("삼성전자")!, jaroWinkler)).toBe(false);
  });
});

describe("scoring a name against one in another script", () => {
  it.each([
    ["삼성전자주식회사", "Samsung Electronics"],
    ["삼성전자주식회사", "Samsung Electronics Co., Ltd."],
    ["삼성전자", "Samsung Electronics"],
    ["トヨタ自動車株式会社", "Toyota Motor Corporation"],
    ["华为技术有限公司", "Huawei Technologies Co., Ltd."],
    ["华为技术有限公司", "Huawei Technologies"],
    ["华为", "Huawei"],
    ["阿里巴巴集团控股有限公司", "Alibaba Group Holding Limited"],
    ["阿里巴巴集团控股有限公司", "Alibaba Group"],
    ["阿里巴巴", "Alibaba"],
    ["百度在线网络技术（北京）公司", "Baidu, Inc."],
    ["百度", "Baidu Inc"],
    ["ソニーグループ株式会社", "Sony Group Corporation"],
    ["ソニー", "Sony"],
    ["アディダスジャパン株式会社", "Adidas Japan"],
  ])("sends %s / %s to review, in either order", (other, latin) => {
    for (const result of [score(other, latin), score(latin, other)]) {
      expect(result.band).toBe("review");
      expect(result.reasons).toContain("name in another script reads like this one");
      expect(result.autoMergeAllowed).toBe(false);
    }
  });

  it.each([
    ["삼성전자", "LG전자"],
    ["ソニー", "パナソニック"],
    ["华为技术有限公司", "小米科技有限责任公司"],
    ["阿里巴巴", "Amazon.com Inc"],
    ["Amazon.com Inc", "阿里巴巴集团控股有限公司"],
    ["腾讯控股有限公司", "百度在线网络技术（北京）公司"],
    // Consonants alike, vowels not; too short; a prefix ending inside a character.
    ["ソニー", "Sina Corp"],
    ["ソニー", "Sun Ltd"],
    ["ソニー", "Sonic Foods"],
    // Longer than the characters they sound out: they start like the name, no more.
    ["阿里巴巴", "Alia Partners"],
    ["阿里巴巴集团控股有限公司", "Alio Networks"],
    ["ソニー", "Sonya Designs"],
    ["삼성전자", "Sams Club"],
  ])("leaves %s / %s unflagged", (x, y) => {
    expect(score(x, y).band).toBe("none");
    expect(score(x, y).reasons).not.toContain("name in another script reads like this one");
  });

  it("never merges on the reading, even with the same website", () => {
    const result = scorePair(
      prepare({ id: "a", name: "ソニー株式会社", website: "https://sony.co.jp" }),
      prepare({ id: "b", name: "Sony Corporation", website: "https://www.sony.co.jp" }),
      flat,
    );
    expect(result.score).toBeGreaterThanOrEqual(0.95);
    expect(result.band).toBe("review");
  });

  it("lets other evidence against the pair count: two countries keep it out of review", () => {
    const result = scorePair(prepare({ id: "a", name: "ソニー", country: "jp" }), prepare({ id: "b", name: "Sony", country: "de" }), flat);
    expect(result.band).toBe("none");
  });
});

describe("the scan's reading block", () => {
  const latin = [
    { id: "1", word: "sony" },
    { id: "2", word: "panasonic" },
    { id: "3", word: "sina" },
    { id: "4", word: "huawei" },
  ];

  it("pairs a reading with the Latin listings that read like it, smaller id first", () => {
    const readers = [
      { id: "5", name: "ソニー株式会社" },
      { id: "0", name: "华为" },
    ];
    expect(readingPairs(readers, latin, jaroWinkler, 150)).toEqual([
      { a: "1", b: "5" },
      { a: "0", b: "4" },
    ]);
  });

  it("drops a block larger than the cap", () => {
    const many = Array.from({ length: 4 }, (_, i) => ({ id: `s${i}`, word: "sony" }));
    expect(readingPairs([{ id: "r", name: "ソニー" }], many, jaroWinkler, 3)).toEqual([]);
    expect(readingPairs([{ id: "r", name: "ソニー" }], many, jaroWinkler, 4)).toHaveLength(4);
  });
});
