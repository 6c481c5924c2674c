//! RFC 9421's own examples (Appendix B.2 and §4.3): its test keys, its test request, and
//! the signature bases and signatures it prints.

use super::*;
use chrono::DateTime;

/// B.1.1 `test-key-rsa` (RSA, 2048 bits).
const TEST_KEY_RSA: &str = "-----BEGIN RSA PUBLIC KEY-----
MIIBCgKCAQEAhAKYdtoeoy8zcAcR874L8cnZxKzAGwd7v36APp7Pv6Q2jdsPBRrw
WEBnez6d0UDKDwGbc6nxfEXAy5mbhgajzrw3MOEt8uA5txSKobBpKDeBLOsdJKFq
MGmXCQvEG7YemcxDTRPxAleIAgYYRjTSd/QBwVW9OwNFhekro3RtlinV0a75jfZg
kne/YiktSvLG34lw2zqXBDTC5NHROUqGTlML4PlNZS5Ri2U4aCNx2rUPRcKIlE0P
uKxI4T+HIaFpv8+rdV6eUgOrB2xeI1dSFFn/nnv5OoZJEIB+VmuKn3DCUcCZSFlQ
PSXSfBDiUGhwOw76WuSSsf1D4b/vLoJ10wIDAQAB
-----END RSA PUBLIC KEY-----";
/// B.1.2 `test-key-rsa-pss`.
const TEST_KEY_RSA_PSS: &str = "-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAr4tmm3r20Wd/PbqvP1s2
+QEtvpuRaV8Yq40gjUR8y2Rjxa6dpG2GXHbPfvMs8ct+Lh1GH45x28Rw3Ry53mm+
oAXjyQ86OnDkZ5N8lYbggD4O3w6M6pAvLkhk95AndTrifbIFPNU8PPMO7OyrFAHq
gDsznjPFmTOtCEcN2Z1FpWgchwuYLPL+Wokqltd11nqqzi+bJ9cvSKADYdUAAN5W
Utzdpiy6LbTgSxP7ociU4Tn0g5I6aDZJ7A8Lzo0KSyZYoA485mqcO0GVAdVw9lq4
aOT9v6d+nb4bnNkQVklLQ3fVAvJm+xdDOp9LCNCN48V2pnDOkFV6+U9nV5oyc6XI
2wIDAQAB
-----END PUBLIC KEY-----";
/// B.1.4 `test-key-ed25519`.
const TEST_KEY_ED25519: &str = "-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAJrQLj5P/89iXES9+vFgrIy29clF9CC/oPPsw3c5D0bs=
-----END PUBLIC KEY-----";

const CONTENT_DIGEST: &str = "sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:";

/// B.2's test request (its body is `{"hello": "world"}`).
fn test_request() -> Vec<(String, String)> {
    [
        ("Host", "example.com"),
        ("Date", "Tue, 20 Apr 2021 02:07:55 GMT"),
        ("Content-Type", "application/json"),
        ("Content-Digest", CONTENT_DIGEST),
        ("Content-Length", "18"),
    ]
    .iter()
    .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
    .collect()
}

fn message(headers: &[(String, String)]) -> Message<'_> {
    Message {
        method: "POST",
        scheme: "https",
        target: "/foo?param=Value&Pet=dog",
        headers,
    }
}

fn one(input: &str, signature: &str) -> Signed {
    let mut all = parse(input, signature).unwrap();
    assert_eq!(all.len(), 1);
    all.remove(0)
}

fn key(pem: &str) -> RemoteKey {
    RemoteKey::from_pem(pem).unwrap()
}

#[test]
fn b_2_1_minimal_signature_using_rsa_pss_sha512() {
    let headers = test_request();
    let signed = one(
        r#"sig-b21=();created=1618884473;keyid="test-key-rsa-pss";nonce="b3k2pp5k7z-50gnwp.yemd""#,
        r#"sig-b21=:d2pmTvmbncD3xQm8E9ZV2828BjQWGgiwAaw5bAkgibUopemLJcWDy/lkbbHAve4cRAtx31Iq786U7it++wgGxbtRxf8Udx7zFZsckzXaJMkA7ChG52eSkFxykJeNqsrWH5S+oxNFlD4dzVuwe8DhTSja8xxbR/Z2cOGdCbzR72rgFWhzx2VjBqJzsPLMIQKhO4DGezXehhWwE56YCE+O6c0mKZsfxVrogUvA4HELjVKWmAvtl6UnCh8jYzuVG5WSb/QEVPnP5TmcAnLH1g+s++v6d4s8m0gCw1fV5/SITLq9mhho8K3+7EPYTU8IU1bLhdxO5Nyt8C8ssinQ98Xw9Q==:"#,
    );
    assert_eq!(signed.key_id, "test-key-rsa-pss");
    assert_eq!(
        signed.base(&message(&headers)).unwrap(),
        r#""@signature-params": ();created=1618884473;keyid="test-key-rsa-pss";nonce="b3k2pp5k7z-50gnwp.yemd""#
    );
    let pss = key(TEST_KEY_RSA_PSS);
    assert_eq!(
        signed.matches_as(&message(&headers), &pss, Algorithm::RsaPssSha512),
        Ok(())
    );
    // Not by PKCS#1 v1.5, which a signature naming no algorithm means for an RSA key.
    assert_eq!(
        signed.matches(&message(&headers), &pss),
        Err(SignatureError::Mismatch)
    );
}

#[test]
fn b_2_2_selective_covered_components_using_rsa_pss_sha512() {
    let headers = test_request();
    let signed = one(
        r#"sig-b22=("@authority" "content-digest" "@query-param";name="Pet");created=1618884473;keyid="test-key-rsa-pss";tag="header-example""#,
        r#"sig-b22=:LjbtqUbfmvjj5C5kr1Ugj4PmLYvx9wVjZvD9GsTT4F7GrcQEdJzgI9qHxICagShLRiLMlAJjtq6N4CDfKtjvuJyE5qH7KT8UCMkSowOB4+ECxCmT8rtAmj/0PIXxi0A0nxKyB09RNrCQibbUjsLS/2YyFYXEu4TRJQzRw1rLEuEfY17SARYhpTlaqwZVtR8NV7+4UKkjqpcAoFqWFQh62s7Cl+H2fjBSpqfZUJcsIk4N6wiKYd4je2U/lankenQ99PZfB4jY3I5rSV2DSBVkSFsURIjYErOs0tFTQosMTAoxk//0RoKUqiYY8Bh0aaUEb0rQl3/XaVe4bXTugEjHSw==:"#,
    );
    assert_eq!(
        signed.base(&message(&headers)).unwrap(),
        r#""@authority": example.com
"content-digest": sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:
"@query-param";name="Pet": dog
"@signature-params": ("@authority" "content-digest" "@query-param";name="Pet");created=1618884473;keyid="test-key-rsa-pss";tag="header-example""#
    );
    assert_eq!(
        signed.matches_as(
            &message(&headers),
            &key(TEST_KEY_RSA_PSS),
            Algorithm::RsaPssSha512
        ),
        Ok(())
    );
    // Another value of the parameter it covers: another base, no match.
    let other = Message {
        target: "/foo?param=Value&Pet=cat",
        ..message(&headers)
    };
    assert_eq!(
        signed.matches_as(&other, &key(TEST_KEY_RSA_PSS), Algorithm::RsaPssSha512),
        Err(SignatureError::Mismatch)
    );
}

#[test]
fn b_2_3_full_coverage_using_rsa_pss_sha512() {
    let headers = test_request();
    let signed = one(
        r#"sig-b23=("date" "@method" "@path" "@query" "@authority" "content-type" "content-digest" "content-length");created=1618884473;keyid="test-key-rsa-pss""#,
        r#"sig-b23=:bbN8oArOxYoyylQQUU6QYwrTuaxLwjAC9fbY2F6SVWvh0yBiMIRGOnMYwZ/5MR6fb0Kh1rIRASVxFkeGt683+qRpRRU5p2voTp768ZrCUb38K0fUxN0O0iC59DzYx8DFll5GmydPxSmme9v6ULbMFkl+V5B1TP/yPViV7KsLNmvKiLJH1pFkh/aYA2HXXZzNBXmIkoQoLd7YfW91kE9o/CCoC1xMy7JA1ipwvKvfrs65ldmlu9bpG6A9BmzhuzF8Eim5f8ui9eH8LZH896+QIF61ka39VBrohr9iyMUJpvRX2Zbhl5ZJzSRxpJyoEZAFL2FUo5fTIztsDZKEgM4cUA==:"#,
    );
    assert_eq!(
        signed.base(&message(&headers)).unwrap(),
        r#""date": Tue, 20 Apr 2021 02:07:55 GMT
"@method": POST
"@path": /foo
"@query": ?param=Value&Pet=dog
"@authority": example.com
"content-type": application/json
"content-digest": sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:
"content-length": 18
"@signature-params": ("date" "@method" "@path" "@query" "@authority" "content-type" "content-digest" "content-length");created=1618884473;keyid="test-key-rsa-pss""#
    );
    assert_eq!(
        signed.matches_as(
            &message(&headers),
            &key(TEST_KEY_RSA_PSS),
            Algorithm::RsaPssSha512
        ),
        Ok(())
    );
}

#[test]
fn b_2_6_signing_a_request_using_ed25519() {
    let headers = test_request();
    let signed = one(
        r#"sig-b26=("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519""#,
        r#"sig-b26=:wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==:"#,
    );
    assert_eq!(
        signed.base(&message(&headers)).unwrap(),
        r#""date": Tue, 20 Apr 2021 02:07:55 GMT
"@method": POST
"@path": /foo
"@authority": example.com
"content-type": application/json
"content-length": 18
"@signature-params": ("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519""#
    );
    let ed = key(TEST_KEY_ED25519);
    assert_eq!(ed.default_algorithm(), Algorithm::Ed25519);
    assert_eq!(signed.matches(&message(&headers), &ed), Ok(()));
    // Sent elsewhere: another authority, no match.
    let mut moved = headers.clone();
    moved[0].1 = "example.org".into();
    assert_eq!(
        signed.matches(&message(&moved), &ed),
        Err(SignatureError::Mismatch)
    );
}

/// §4.3's proxy signature, by `test-key-rsa` with rsa-v1_5-sha256 (what Mastodon signs
/// with): checked as an inbox checks one, inside its window and after it.
#[test]
fn section_4_3_proxy_signature_using_rsa_v1_5_sha256() {
    let headers: Vec<(String, String)> = [
        ("Host", "origin.host.internal.example"),
        ("Date", "Tue, 20 Apr 2021 02:07:56 GMT"),
        ("Content-Type", "application/json"),
        ("Content-Length", "18"),
        ("Forwarded", "for=192.0.2.123;host=example.com;proto=https"),
        ("Content-Digest", CONTENT_DIGEST),
    ]
    .iter()
    .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
    .collect();
    let signed = one(
        r#"proxy_sig=("@method" "@authority" "@path" "content-digest" "content-type" "content-length" "forwarded");created=1618884480;keyid="test-key-rsa";alg="rsa-v1_5-sha256";expires=1618884540"#,
        r#"proxy_sig=:S6ZzPXSdAMOPjN/6KXfXWNO/f7V6cHm7BXYUh3YD/fRad4BCaRZxP+JH+8XY1I6+8Cy+CM5g92iHgxtRPz+MjniOaYmdkDcnL9cCpXJleXsOckpURl49GwiyUpZ10KHgOEe11sx3G2gxI8S0jnxQB+Pu68U9vVcasqOWAEObtNKKZd8tSFu7LB5YAv0RAGhB8tmpv7sFnIm9y+7X5kXQfi8NMaZaA8i2ZHwpBdg7a6CMfwnnrtflzvZdXAsD3LH2TwevU+/PBPv0B6NMNk93wUs/vfJvye+YuI87HU38lZHowtznbLVdp770I6VHR6WfgS9ddzirrswsE1w5o0LV/g==:"#,
    );
    assert_eq!(signed.algorithm.as_deref(), Some("rsa-v1_5-sha256"));
    assert_eq!(
        signed.base(&message(&headers)).unwrap(),
        r#""@method": POST
"@authority": origin.host.internal.example
"@path": /foo
"content-digest": sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:
"content-type": application/json
"content-length": 18
"forwarded": for=192.0.2.123;host=example.com;proto=https
"@signature-params": ("@method" "@authority" "@path" "content-digest" "content-type" "content-length" "forwarded");created=1618884480;keyid="test-key-rsa";alg="rsa-v1_5-sha256";expires=1618884540"#
    );
    let rsa = key(TEST_KEY_RSA);
    let at = |s: i64| DateTime::from_timestamp(s, 0).unwrap();
    assert_eq!(
        signed.verify(&message(&headers), &rsa, true, at(1_618_884_490)),
        Ok(())
    );
    // Past its expiry, or long after its creation.
    assert_eq!(
        signed.verify(&message(&headers), &rsa, true, at(1_618_884_541)),
        Err(SignatureError::Stale)
    );
    // Another key (the PSS test key) does not match.
    assert_eq!(
        signed.verify(
            &message(&headers),
            &key(TEST_KEY_RSA_PSS),
            true,
            at(1_618_884_490)
        ),
        Err(SignatureError::Mismatch)
    );
    // B.2.1's signature covers nothing: an inbox refuses it before any check.
    let bare = one(
        r#"sig-b21=();created=1618884473;keyid="test-key-rsa-pss";nonce="b3k2pp5k7z-50gnwp.yemd""#,
        r#"sig-b21=:d2pmTvmbncD3xQm8E9ZV2828BjQWGgiwAaw5bAkgibUopemLJcWDy/lkbbHAve4cRAtx31Iq786U7it++wgGxbtRxf8Udx7zFZsckzXaJMkA7ChG52eSkFxykJeNqsrWH5S+oxNFlD4dzVuwe8DhTSja8xxbR/Z2cOGdCbzR72rgFWhzx2VjBqJzsPLMIQKhO4DGezXehhWwE56YCE+O6c0mKZsfxVrogUvA4HELjVKWmAvtl6UnCh8jYzuVG5WSb/QEVPnP5TmcAnLH1g+s++v6d4s8m0gCw1fV5/SITLq9mhho8K3+7EPYTU8IU1bLhdxO5Nyt8C8ssinQ98Xw9Q==:"#,
    );
    assert_eq!(
        bare.verify(&message(&test_request()), &rsa, true, at(1_618_884_473)),
        Err(SignatureError::Uncovered("the method"))
    );
}

#[test]
fn what_cannot_be_read_or_is_not_supported_is_refused() {
    let headers = test_request();
    for (input, signature) in [
        ("", ""),
        ("sig=(\"@method\");keyid=\"k\"", ""),
        ("sig=(\"@method\")", "sig=:AAAA:"),
        ("sig=(@method);keyid=\"k\"", "sig=:AAAA:"),
        ("sig=\"@method\";keyid=\"k\"", "sig=:AAAA:"),
        ("sig=(\"@method\");keyid=\"k\"", "sig=\"AAAA\""),
        ("sig=(\"@method\");keyid=\"k\"", "other=:AAAA:"),
    ] {
        assert!(parse(input, signature).is_err(), "{input:?} {signature:?}");
    }
    let sf = one("sig=(\"content-type\";sf);keyid=\"k\"", "sig=:AAAA:");
    assert!(matches!(
        sf.base(&message(&headers)),
        Err(SignatureError::Algorithm(_))
    ));
    let status = one("sig=(\"@status\");keyid=\"k\"", "sig=:AAAA:");
    assert!(matches!(
        status.base(&message(&headers)),
        Err(SignatureError::Algorithm(_))
    ));
    let absent = one("sig=(\"x-missing\");keyid=\"k\"", "sig=:AAAA:");
    assert_eq!(
        absent.base(&message(&headers)),
        Err(SignatureError::Absent("x-missing".into()))
    );
    let unknown = one(
        "sig=(\"@method\");keyid=\"k\";alg=\"hmac-sha256\"",
        "sig=:AAAA:",
    );
    assert_eq!(
        unknown.matches(&message(&headers), &key(TEST_KEY_RSA)),
        Err(SignatureError::Algorithm("hmac-sha256".into()))
    );
}

/// What Sibyl signs verifies, covering the method, the target and the body's digest; a
/// changed target or body does not.
#[test]
fn a_request_signed_here_verifies_and_a_changed_one_does_not() {
    let der = crate::domain::federation::keys::generate().unwrap();
    let key = crate::domain::federation::ActorKey::from_pkcs8(&der).unwrap();
    let body = br#"{"type":"Accept"}"#;
    let headers = vec![
        ("host".to_owned(), "example.com".to_owned()),
        ("content-digest".to_owned(), content_digest(body)),
    ];
    let created = 1_618_884_473;
    let request = message(&headers);
    let (input, value) = sign(
        &key,
        "https://blog.example/ap/site#main-key",
        &request,
        created,
    )
    .unwrap();
    let signed = one(&input, &value);
    assert_eq!(signed.key_id, "https://blog.example/ap/site#main-key");
    assert_eq!(
        signed.covers(),
        ["@method", "@target-uri", "content-digest"]
    );
    let public = key.remote().unwrap();
    let at = DateTime::from_timestamp(created, 0).unwrap();
    assert_eq!(signed.verify(&request, &public, true, at), Ok(()));
    let moved = Message {
        target: "/elsewhere",
        ..message(&headers)
    };
    assert!(signed.verify(&moved, &public, true, at).is_err());
    let other = vec![
        ("host".to_owned(), "example.com".to_owned()),
        ("content-digest".to_owned(), content_digest(b"{}")),
    ];
    assert!(signed.verify(&message(&other), &public, true, at).is_err());
    assert!(sign(&key, "https://x.example/\"q", &request, created).is_err());
}
