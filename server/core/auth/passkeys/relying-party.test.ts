/** The relying party of a public URL (ADR 052): its id and the one origin answers may come from. */
import { describe, expect, it } from "vitest";
import { relyingPartyOf } from "./relying-party.ts";

describe("relyingPartyOf", () => {
  it("takes the host name and origin of a domain URL", () => {
    expect(relyingPartyOf("https://journal.example.com/blog/")).toEqual({
      id: "journal.example.com",
      origins: ["https://journal.example.com"],
    });
    expect(relyingPartyOf("https://Journal.Example.com:8443")).toEqual({
      id: "journal.example.com",
      origins: ["https://journal.example.com:8443"],
    });
    expect(relyingPartyOf("http://localhost:8090")).toEqual({
      id: "localhost",
      origins: ["http://localhost:8090"],
    });
  });

  it("stands localhost for a loopback address", () => {
    for (const url of ["http://127.0.0.1:8090", "http://[::1]:8090"])
      expect(relyingPartyOf(url)).toEqual({ id: "localhost", origins: ["http://localhost:8090"] });
  });

  it("has none for other IP addresses or other schemes", () => {
    for (const url of [
      "http://192.168.1.20:8090",
      "http://[2001:db8::1]/",
      "ftp://example.com",
      "nope",
    ])
      expect(relyingPartyOf(url), url).toBeNull();
  });
});
