#!/usr/bin/env python3
"""Compares the Linux stand-ins of Apple's frameworks with facts about the real iOS SDK.

The stand-ins in Apps/LinuxCheck/Stubs/<Framework>/ let the CarPlay bridge and Apps/ compile on
Linux; a stand-in that says something the SDK does not say hides a compile error that only Xcode
would show. This checker reads the SDK facts in Apps/LinuxCheck/SDKFacts/ (carplay.json,
others.json; origin and licence in that folder's README.md) and fails on:

  * a declaration the SDK does not have (type, member, enum case, constant, typealias);
  * a different type, parameter label, optionality, static-ness or settability of a member;
  * a different isolation of a class or protocol (`@MainActor` exactly where the SDK's is main-thread
    only), a class marked Sendable that is not, a different superclass or conformance;
  * a class adopting NSCoding without `required init?(coder:)`;
  * an enum whose frozenness differs (NS_ENUM is open: no `@frozen`; NS_CLOSED_ENUM is `@frozen`),
    a missing case or a different raw value;
  * a protocol requirement missing, or an optional requirement without a default (and a required one
    with a default);
  * a member deprecated at or below the deployment target without `@available(*, deprecated, ...)`,
    or introduced above it without `@available(*, unavailable, ...)` (the stand-ins then make the
    compiler reject every call to it under -warnings-as-errors), or such an attribute where the SDK
    has none;
  * in Apps/ and Sources/Kit/CarPlayBridge: a method in an extension that conforms to SDK protocols
    which is not a requirement of one of them (a misspelt optional delegate method compiles as a
    new method and is never called);
  * a use of a stand-in-only member (`standIn…`, what the stand-ins record for tests) in Apps/ or
    the bridge.

Markers in the stand-ins (comment lines just above a declaration):
  // sel: <selector>      binds the declaration to the SDK member with that Objective-C selector
                          (for Swift names the facts derive rather than observe)
  // overlay: <reason>    a Swift overlay or NS_REFINED_FOR_SWIFT member the facts cannot carry
                          (counted and listed with --verbose)

Usage: Apps/LinuxCheck/check_sdk_facts.py [--verbose] [--stubs DIR] [--sources DIR ...]
                                          [--deployment-target VERSION]
Exit status 0 when every declaration agrees with the facts, 1 otherwise (each problem printed as
`file:line: error: ...`). Python 3 standard library only.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FACTS = ROOT / "Apps/LinuxCheck/SDKFacts"
STUBS = ROOT / "Apps/LinuxCheck/Stubs"
# Frameworks the facts cover; SwiftUI and App Intents are Swift-only and not checked.
CHECKED = ["UIKit", "CoreLocation", "CoreMedia", "MapKit", "CarPlay", "AVFoundation", "MediaPlayer"]
SOURCES = [ROOT / "Apps", ROOT / "Sources/Kit/CarPlayBridge"]
PROJECT = ROOT / "Apps/project.yml"


def version(text: str | None) -> tuple[int, ...] | None:
    if not text:
        return None
    return tuple(int(part) for part in text.split("."))


def deployment_target() -> tuple[int, ...]:
    match = re.search(r'iOS:\s*"?([0-9.]+)"?', PROJECT.read_text())
    if not match:
        sys.exit(f"{PROJECT}: no `deploymentTarget: iOS:` found; expected e.g. iOS: \"26.4\"")
    return version(match.group(1)) or (0,)


# MARK: - Facts


@dataclass
class Facts:
    types: dict[str, dict]  # by Objective-C name
    by_swift: dict[str, str]  # Swift name (and nesting hint) -> Objective-C name
    constants: dict[str, dict]

    @staticmethod
    def load() -> "Facts":
        types: dict[str, dict] = {}
        constants: dict[str, dict] = {}
        for name in ("carplay.json", "others.json"):
            path = FACTS / name
            try:
                data = json.loads(path.read_text())
            except (OSError, ValueError) as error:
                sys.exit(f"{path}: cannot read the SDK facts ({error}); expected schema "
                         "wayside-apple-sdk-facts/1")
            if data.get("schema") != "wayside-apple-sdk-facts/1":
                sys.exit(f"{path}: schema {data.get('schema')!r}, expected wayside-apple-sdk-facts/1")
            types.update(data["types"])
            constants.update(data["constants"])
        by_swift: dict[str, str] = {}
        for objc, fact in types.items():
            swift = fact.get("swift") or {}
            for key in (swift.get("name"), swift.get("nested_name_hint"), objc):
                if key:
                    by_swift.setdefault(key, objc)
        return Facts(types, by_swift, constants)

    def lookup(self, swift_name: str) -> dict | None:
        objc = self.by_swift.get(swift_name)
        return self.types.get(objc) if objc else None

    def canonical(self, type_text: str, container: str | None) -> str:
        """A type spelling with every SDK type name replaced by its Objective-C name, so nested
        Swift names (`Category` inside AVAudioSession) and derived ones compare equal."""
        def replace(match: re.Match) -> str:
            token = match.group(0)
            scopes = []
            if container:
                parts = container.split(".")
                scopes = [".".join(parts[:index]) + "." + token for index in range(len(parts), 0, -1)]
            for candidate in scopes + [token]:
                if candidate in self.by_swift:
                    return self.by_swift[candidate]
            return token
        return re.sub(r"[A-Za-z_][\w.]*", replace, type_text)

    def chain(self, fact: dict) -> list[dict]:
        """The type, its superclasses and every protocol they adopt, nearest first."""
        seen: list[dict] = [fact]
        names = list(fact.get("superclass_chain") or []) + list(fact.get("protocols_all") or [])
        names += list(fact.get("protocols_net_only") or []) + list(fact.get("inherits") or [])
        for name in names:
            other = self.types.get(name)
            if other is not None and other not in seen:
                seen.append(other)
                for inherited in other.get("inherits") or []:
                    parent = self.types.get(inherited)
                    if parent is not None and parent not in seen:
                        seen.append(parent)
        return seen


# MARK: - Swift declaration parsing (the stand-ins' one-declaration-per-line style)


def split_top(text: str, separator: str = ",") -> list[str]:
    parts, depth, current = [], 0, []
    text = text.replace("->", "\u2192")
    for char in text:
        if char in "([<{":
            depth += 1
        elif char in ")]>}":
            depth -= 1
        if char == separator and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    if "".join(current).strip():
        parts.append("".join(current))
    return [part.replace("\u2192", "->") for part in parts]


def matching_paren(text: str, start: int) -> int:
    depth = 0
    for index in range(start, len(text)):
        if text[index] == "(":
            depth += 1
        elif text[index] == ")":
            depth -= 1
            if depth == 0:
                return index
    return len(text) - 1


ATTRIBUTES = re.compile(r"@(escaping|Sendable|MainActor|autoclosure|preconcurrency)\s*")


def normal_type(text: str) -> str:
    """A type spelling without attributes, `inout`, argument labels of closures and spaces."""
    text = ATTRIBUTES.sub("", text)
    text = re.sub(r"\binout\s+", "", text)
    text = text.replace("Swift.", "").replace("Foundation.", "")
    text = text.replace("Self", "Self")
    return re.sub(r"\s+", "", text)


@dataclass
class Signature:
    kind: str  # func | init | var | case
    name: str  # Swift name with labels: init(text:images:), update(_:), text
    params: list[str] = field(default_factory=list)
    result: str = ""  # return type, property type, or "?" for a failable init
    static: bool = False
    settable: bool = False


def parse_params(inner: str) -> tuple[list[str], list[str]]:
    labels, types = [], []
    for param in split_top(inner):
        param = param.strip()
        if not param:
            continue
        head, _, rest = param.partition(":")
        rest = split_top(rest, "=")[0] if "=" in rest else rest
        words = head.split()
        labels.append(words[0] if words else "_")
        types.append(normal_type(rest))
    return labels, types


def parse_signature(text: str) -> Signature | None:
    """Parses a declaration (`func`, `init`, `var`/`let`, `case`) from the stand-ins or the facts."""
    text = text.strip()
    text = re.sub(r"^(@\w+(\([^)]*\))?\s+)*", "", text)
    words = r"(?:(?:open|public|internal|private|fileprivate|override|required|convenience|final|"
    words += r"nonisolated|weak|unowned|dynamic|mutating|class|static)(?:\((?:set|unsafe)\))?\s+)*"
    match = re.match(words, text)
    modifiers = match.group(0) if match else ""
    rest = text[len(modifiers):]
    static = bool(re.search(r"\b(class|static)\s", modifiers))
    restricted_setter = bool(re.search(r"\b(private|internal|fileprivate)\(set\)", modifiers))
    found = re.match(r"(func)\s+(`?[\w]+`?)\s*(<[^>]*>)?\s*\(", rest) or re.match(r"(init)(\??)\s*\(", rest)
    if found:
        kind = found.group(1)
        start = rest.index("(", found.start())
        end = matching_paren(rest, start)
        labels, types = parse_params(rest[start + 1:end])
        tail = rest[end + 1:]
        if kind == "func":
            name = found.group(2).strip("`")
            arrow = re.match(r"\s*(throws\s*)?(rethrows\s*)?(->\s*(?P<r>[^{]+))?", tail)
            result = normal_type(arrow.group("r")) if arrow and arrow.group("r") else "Void"
        else:
            name = "init"
            result = "?" if found.group(2) == "?" else ""
        return Signature(kind, f"{name}({''.join(label + ':' for label in labels)})", types, result,
                         static)
    found = re.match(r"(var|let)\s+(`?\w+`?)\s*:\s*", rest)
    if found:
        name = found.group(2).strip("`")
        tail = rest[found.end():].replace("->", "\u2192")
        # The type runs to a top-level `{` (accessors) or `=` (initial value).
        depth, end = 0, len(tail)
        for index, char in enumerate(tail):
            if char in "([<":
                depth += 1
            elif char in ")]>":
                depth -= 1
            elif depth == 0 and (char == "{" or (char == "=" and tail[index:index + 2] != "==")):
                end = index
                break
        type_text = tail[:end].replace("\u2192", "->")
        accessors = tail[end:]
        if found.group(1) == "let":
            settable = False
        elif accessors.startswith("{"):
            body = accessors.strip()
            settable = bool(re.match(r"\{\s*get\s+set\s*\}", body)) or bool(
                re.search(r"\bset\s*\{", body)) or bool(re.search(r"\bdidSet\b|\bwillSet\b", body))
        else:
            settable = True
        if restricted_setter:
            settable = False
        return Signature("var", name, [], normal_type(type_text), static, settable)
    return None


@dataclass
class Decl:
    file: Path
    line: int
    text: str
    attributes: str
    markers: dict[str, str]
    container: str | None  # qualified Swift name of the enclosing type, or None at file level
    container_kind: str | None  # class | protocol | enum | struct | extension


@dataclass
class TypeDecl:
    file: Path
    line: int
    kind: str
    name: str  # qualified: CPMapTemplate.PanDirection
    attributes: str
    inherits: list[str]
    markers: dict[str, str]
    members: list[Decl] = field(default_factory=list)
    cases: list[tuple[str, int | None, int]] = field(default_factory=list)  # name, raw, line
    raw_type: str | None = None


TYPE_DECL = re.compile(
    r"^(?P<attrs>(?:@[\w]+(?:\([^)]*\))?\s+)*)(?:(?:open|public|final)\s+)+"
    r"(?P<kind>class|protocol|enum|struct)\s+(?P<name>\w+)\s*(?::\s*(?P<inh>[^{]+))?\{")
EXTENSION = re.compile(r"^extension\s+(?P<name>[\w.]+)\s*(?::\s*(?P<inh>[^{]+))?(?:where[^{]*)?\{")
TYPEALIAS = re.compile(r"^(?:public\s+)typealias\s+(?P<name>\w+)\s*=")
MARKER = re.compile(r"^//\s*(sel|overlay|unchecked):\s*(.*)$")


def parse_stub_file(path: Path) -> tuple[list[TypeDecl], list[Decl], dict[str, list[Decl]]]:
    """The types, the file-level declarations and the protocol-extension members of a stand-in."""
    types: list[TypeDecl] = []
    globals_: list[Decl] = []
    extensions: dict[str, list[Decl]] = {}
    stack: list[tuple[int, TypeDecl | str]] = []  # (depth at which the body opened, type or ext)
    depth = 0
    markers: dict[str, str] = {}
    attributes: list[str] = []
    for number, raw in enumerate(path.read_text().splitlines(), start=1):
        line = raw.strip()
        marker = MARKER.match(line)
        if marker:
            markers[marker.group(1)] = marker.group(2).strip()
            continue
        if not line or line.startswith("//"):
            continue
        if re.fullmatch(r"@\w+", line) or line.startswith("@available("):
            attributes.append(line)
            continue
        attrs = " ".join(attributes)
        top = stack[-1][1] if stack and stack[-1][0] == depth else None
        type_match = TYPE_DECL.match(line)
        ext_match = EXTENSION.match(line)
        if type_match and (top is None or isinstance(top, TypeDecl)):
            outer = top.name + "." if isinstance(top, TypeDecl) else ""
            inherits = [part.strip() for part in split_top(type_match.group("inh") or "")]
            declared = TypeDecl(path, number, type_match.group("kind"), outer + type_match.group("name"),
                                attrs + " " + (type_match.group("attrs") or ""), inherits, markers)
            if declared.kind == "enum" and inherits:
                declared.raw_type = inherits[0]
            inline = re.search(r"\{\s*case\s+([^}]*)\}", line)
            if inline:
                for case in split_top(inline.group(1)):
                    name, _, raw_value = case.partition("=")
                    value = int(raw_value.strip()) if raw_value.strip().lstrip("-").isdigit() else None
                    declared.cases.append((name.strip().strip("`"), value, number))
            types.append(declared)
            if isinstance(top, TypeDecl):
                top.members.append(Decl(path, number, line, attrs, markers, top.name, "nested"))
            stack.append((depth + 1, declared))
        elif ext_match and top is None:
            stack.append((depth + 1, "extension " + ext_match.group("name")))
        elif isinstance(top, TypeDecl):
            if top.kind == "enum" and line.startswith("case "):
                for case in split_top(line[5:].split("//")[0]):
                    name, _, raw_value = case.partition("=")
                    value = int(raw_value.strip()) if raw_value.strip().lstrip("-").isdigit() else None
                    top.cases.append((name.strip().strip("`"), value, number))
            else:
                top.members.append(Decl(path, number, line, attrs, markers, top.name, top.kind))
        elif isinstance(top, str):
            extended = top.split(" ", 1)[1]
            extensions.setdefault(extended, []).append(
                Decl(path, number, line, attrs, markers, extended, "extension"))
        elif top is None and not stack:
            if not line.startswith("import ") and not line.startswith("@_exported"):
                globals_.append(Decl(path, number, line, attrs, markers, None, None))
        markers = {}
        attributes = []
        depth += line.count("{") - line.count("}")
        while stack and depth < stack[-1][0]:
            stack.pop()
    return types, globals_, extensions


# MARK: - Checks


class Report:
    def __init__(self) -> None:
        self.errors: list[str] = []
        self.checked = 0
        self.overlays: list[str] = []

    def error(self, path: Path, line: int, message: str) -> None:
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        self.errors.append(f"{shown}:{line}: error: {message}")


def availability_problems(decl_attrs: str, availability: dict | None, target: tuple[int, ...],
                          what: str) -> list[str]:
    """What the stand-in's @available must say for a member with this SDK availability."""
    problems = []
    if not availability:
        return problems
    deprecated_at = version(availability.get("deprecated_ios"))
    deprecated = bool(availability.get("deprecated")) and (deprecated_at is None or deprecated_at <= target)
    introduced = version(availability.get("introduced_ios"))
    has_deprecated = bool(re.search(r"@available\(\*,\s*deprecated", decl_attrs))
    has_unavailable = bool(re.search(r"@available\(\*,\s*unavailable", decl_attrs))
    target_text = ".".join(map(str, target))
    if deprecated and not has_deprecated:
        when = availability.get("deprecated_ios") or "a version the facts do not give"
        problems.append(f"{what} is deprecated in the SDK (iOS {when}, at or below the deployment "
                        f"target {target_text}); mark it @available(*, deprecated, message: ...) "
                        "so calls fail the type-check")
    if has_deprecated and not deprecated:
        problems.append(f"{what} is marked deprecated but the SDK does not deprecate it at iOS "
                        f"{target_text}")
    if introduced and introduced > target and not has_unavailable:
        problems.append(f"{what} is introduced in iOS {availability.get('introduced_ios')}, above "
                        f"the deployment target {target_text}; mark it @available(*, unavailable, "
                        "message: ...)")
    return problems


def member_facts(facts: Facts, fact: dict) -> list[dict]:
    members = []
    for owner in facts.chain(fact):
        members += owner.get("members") or []
    return [member for member in members if member.get("kind") != "unavailable"]


def find_member(facts: Facts, fact: dict, signature: Signature, selector: str | None) -> dict | None:
    candidates = member_facts(facts, fact)
    if selector:
        for member in candidates:
            if member.get("selector") == selector:
                return member
        return None
    for member in candidates:
        swift = member.get("swift") or {}
        name = swift.get("name")
        if not name:
            continue
        if member["kind"] == "property":
            if name == signature.name and signature.kind == "var":
                return member
        elif name == signature.name and signature.kind in ("func", "init"):
            return member
    return None


def fact_signature(member: dict) -> Signature | None:
    swift = member.get("swift") or {}
    text = swift.get("signature")
    if not text:
        return None
    signature = parse_signature(text)
    if signature and member["kind"] == "property" and swift.get("implicitly_unwrapped"):
        signature.result = signature.result.rstrip("!?") + "!"
    if signature and member["kind"] == "init" and (member.get("returns") or {}).get("nullable"):
        signature.result = "?"
    return signature


def compare_member(report: Report, facts: Facts, fact: dict, owner: TypeDecl, decl: Decl,
                   target: tuple[int, ...]) -> None:
    signature = parse_signature(decl.text)
    if signature is None:
        return
    what = f"{owner.name}.{signature.name}"
    if "standIn" in signature.name or not re.search(r"\b(public|open)\b", decl.text):
        return  # what the stand-ins record for tests, or not API at all
    exempt = decl.markers.get("overlay") or decl.markers.get("unchecked")
    if exempt:
        report.overlays.append(f"{what} ({exempt})")
        return
    report.checked += 1
    member = find_member(facts, fact, signature, decl.markers.get("sel"))
    if member is None and signature.name == "init(coder:)" and any(
            owner.get("nscoding") for owner in facts.chain(fact)):
        return  # NSCoding's initializer, which the facts synthesise only for CarPlay classes
    if member is None:
        hint = f" (no selector {decl.markers['sel']})" if "sel" in decl.markers else ""
        report.error(decl.file, decl.line, f"{what}: the SDK has no such member{hint}")
        return
    expected = fact_signature(member)
    if expected is None:
        return
    if expected.name != signature.name and "sel" not in decl.markers:
        report.error(decl.file, decl.line, f"{what}: the SDK spells it {expected.name}")
    container = owner.name
    fact_container = (fact.get("swift") or {}).get("name")
    expected.params = [facts.canonical(t, fact_container) for t in expected.params]
    signature.params = [facts.canonical(t, container) for t in signature.params]
    expected.result = facts.canonical(expected.result, fact_container)
    signature.result = facts.canonical(signature.result, container)
    if expected.params != signature.params:
        report.error(decl.file, decl.line,
                     f"{what}: parameter types {signature.params} differ from the SDK's "
                     f"{expected.params} ({member['swift'].get('signature')})")
    if signature.kind == "init":
        if expected.result != signature.result:
            report.error(decl.file, decl.line, f"{what}: the SDK's initializer is "
                         f"{'failable' if expected.result else 'not failable'}")
    elif expected.result != signature.result:
        report.error(decl.file, decl.line,
                     f"{what}: type {signature.result} differs from the SDK's {expected.result} "
                     f"({member['swift'].get('signature')})")
    if expected.static != signature.static:
        report.error(decl.file, decl.line, f"{what}: the SDK's member is "
                     f"{'a class member' if expected.static else 'an instance member'}")
    if signature.kind == "var" and owner.kind != "protocol" and expected.settable != signature.settable:
        report.error(decl.file, decl.line, f"{what}: the SDK's property is "
                     f"{'settable' if expected.settable else 'read-only'}")
    if signature.kind == "var" and owner.kind == "protocol":
        declared_set = "set" in decl.text.split("{", 1)[-1]
        if declared_set != expected.settable:
            report.error(decl.file, decl.line, f"{what}: the SDK's requirement is "
                         f"{'{ get set }' if expected.settable else '{ get }'}")
    for problem in availability_problems(decl.attributes + " " + decl.text.split("init")[0],
                                         member.get("availability"), target, what):
        report.error(decl.file, decl.line, problem)


def check_type(report: Report, facts: Facts, declared: TypeDecl, extensions: dict[str, list[Decl]],
               target: tuple[int, ...], stub_types: dict[str, TypeDecl]) -> None:
    exempt = declared.markers.get("overlay") or declared.markers.get("unchecked")
    if exempt:
        report.overlays.append(f"{declared.name} ({exempt})")
        return
    fact = facts.lookup(declared.markers.get("sel") or declared.name)
    report.checked += 1
    if fact is None:
        report.error(declared.file, declared.line, f"{declared.name}: the SDK has no such type")
        return
    attrs = declared.attributes
    kind = fact["kind"]
    main_actor = "@MainActor" in attrs
    if kind in ("class", "protocol"):
        if bool(fact.get("main_actor")) != main_actor:
            report.error(declared.file, declared.line,
                         f"{declared.name}: the SDK's {kind} is "
                         f"{'main-actor isolated' if fact.get('main_actor') else 'not main-actor isolated'}"
                         f" ({fact.get('main_actor_basis')}); "
                         f"{'add' if fact.get('main_actor') else 'remove'} @MainActor")
    for problem in availability_problems(attrs, fact.get("availability"), target, declared.name):
        report.error(declared.file, declared.line, problem)
    if kind == "class":
        if declared.kind != "class":
            report.error(declared.file, declared.line, f"{declared.name}: the SDK's type is a class")
            return
        sendable = any(part.replace("@unchecked", "").strip() == "Sendable" for part in declared.inherits)
        if sendable and not fact.get("sendable"):
            report.error(declared.file, declared.line,
                         f"{declared.name}: the SDK's class is not Sendable ({fact.get('sendable_basis')})")
        if not main_actor and fact.get("sendable") and not sendable:
            report.error(declared.file, declared.line,
                         f"{declared.name}: the SDK's class is Sendable ({fact.get('sendable_basis')}); "
                         "declare `@unchecked Sendable`")
        superclass = fact.get("superclass")
        super_swift = (facts.types.get(superclass or "", {}).get("swift") or {}).get("name", superclass)
        declared_super = declared.inherits[0] if declared.inherits else None
        outer = declared.name.rsplit(".", 1)[0] if "." in declared.name else None
        if facts.canonical(declared_super or "", outer) != (superclass or ""):
            report.error(declared.file, declared.line,
                         f"{declared.name}: superclass {declared_super} differs from the SDK's {super_swift}")
        allowed = set(fact.get("protocols_all") or []) | set(fact.get("protocols_net_only") or [])
        for adopted in declared.inherits[1:]:
            adopted = adopted.replace("@unchecked", "").replace("@preconcurrency", "").strip()
            if adopted in ("Sendable",):
                continue
            objc = facts.by_swift.get(adopted, adopted)
            if objc not in allowed:
                report.error(declared.file, declared.line,
                             f"{declared.name}: the SDK's class does not adopt {adopted}")
        parent = facts.types.get(superclass or "", {})
        if fact.get("nscoding") and not parent.get("nscoding"):
            # The class that adopts NSCoding declares the required init; Swift then makes every
            # subclass with its own designated init (in the stand-ins and in Apps/) provide it.
            has_coder = any(
                (s := parse_signature(m.text)) and s.name == "init(coder:)" and "required" in m.text
                for m in declared.members)
            if not has_coder:
                report.error(declared.file, declared.line,
                             f"{declared.name}: the SDK's class adopts NSCoding; declare "
                             "`public required init?(coder: NSCoder)` so a subclass with its own "
                             "designated init must provide it, as Xcode requires")
    elif kind == "protocol":
        if declared.kind != "protocol":
            report.error(declared.file, declared.line, f"{declared.name}: the SDK's type is a protocol")
            return
        defaults = {s.name for m in extensions.get(declared.name, []) if (s := parse_signature(m.text))}
        declared_names = set()
        for member in declared.members:
            signature = parse_signature(member.text)
            if signature is None:
                continue
            declared_names.add(signature.name)
            found = find_member(facts, fact, signature, member.markers.get("sel"))
            if found is not None and "optional" in found:
                if found["optional"] and signature.name not in defaults and signature.kind != "var":
                    report.error(member.file, member.line,
                                 f"{declared.name}.{signature.name} is optional in the SDK; give it "
                                 "an empty default in an extension")
                if not found["optional"] and signature.name in defaults:
                    report.error(member.file, member.line,
                                 f"{declared.name}.{signature.name} is required in the SDK; remove "
                                 "its default so a conformance that lacks it fails")
        for inherited in declared.inherits:
            parent = stub_types.get(inherited.strip())
            for member in parent.members if parent else []:
                if (parsed := parse_signature(member.text)) is not None:
                    declared_names.add(parsed.name)
        for name in defaults - declared_names:
            if name == "main()" and declared.name == "UIApplicationDelegate":
                continue  # the `@main` entry point UIKit's overlay supplies
            report.error(declared.file, declared.line,
                         f"{declared.name}: default for {name}, which the stand-in does not declare")
        for member in fact.get("members") or []:
            swift = (member.get("swift") or {}).get("name")
            if member.get("optional") is False and swift and swift not in declared_names:
                available = availability_problems("", member.get("availability"), target, swift)
                if not any("introduced" in problem for problem in available):
                    report.error(declared.file, declared.line,
                                 f"{declared.name}: required requirement {swift} is missing")
    elif kind in ("enum", "closed_enum", "error_enum", "c_enum"):
        frozen_expected = kind == "closed_enum" or bool((fact.get("swift") or {}).get("frozen"))
        frozen = "@frozen" in attrs
        if declared.kind != "enum":
            report.error(declared.file, declared.line, f"{declared.name}: the SDK's type is an enum")
            return
        if frozen != frozen_expected:
            report.error(declared.file, declared.line,
                         f"{declared.name}: the SDK's enum is "
                         f"{'frozen (NS_CLOSED_ENUM): add @frozen' if frozen_expected else 'open (NS_ENUM, a switch needs @unknown default): remove @frozen'}")
        raw = (fact.get("swift") or {}).get("raw_type")
        if raw and declared.raw_type != raw:
            report.error(declared.file, declared.line,
                         f"{declared.name}: raw type {declared.raw_type} differs from the SDK's {raw}")
        cases = {case["swift"]: case for case in fact.get("cases") or []}
        implicit = 0
        for name, value, line in declared.cases:
            value = implicit if value is None else value
            implicit = value + 1
            report.checked += 1
            case = cases.get(name)
            if case is None:
                report.error(declared.file, line, f"{declared.name}.{name}: the SDK has no such case")
            elif case["value"] != value:
                report.error(declared.file, line,
                             f"{declared.name}.{name}: raw value {value} differs from the SDK's {case['value']}")
        missing = set(cases) - {name for name, _, _ in declared.cases}
        missing = {name for name in missing if not cases[name].get("deprecated")}
        if missing:
            report.error(declared.file, declared.line,
                         f"{declared.name}: cases {sorted(missing)} of the SDK are missing")
        return
    elif kind == "options":
        if declared.kind != "struct" or "OptionSet" not in declared.inherits:
            report.error(declared.file, declared.line,
                         f"{declared.name}: the SDK's type is an OptionSet struct (NS_OPTIONS)")
        values = {case["swift"]: case["value"] for case in fact.get("cases") or []}
        for member in declared.members:
            match = re.search(r"static let (\w+) = \w+\(rawValue: ([^)]+)\)", member.text)
            if match:
                report.checked += 1
                name, expression = match.group(1), match.group(2)
                try:
                    value = eval(expression, {"__builtins__": {}})  # integer literals and shifts only
                except Exception:
                    value = None
                if name not in values:
                    report.error(member.file, member.line, f"{declared.name}.{name}: the SDK has no such option")
                elif values[name] != value:
                    report.error(member.file, member.line,
                                 f"{declared.name}.{name}: value {value} differs from the SDK's {values[name]}")
        return
    elif kind in ("typed_enum", "typed_extensible_enum"):
        values = {value["swift"] for value in fact.get("values") or []}
        for member in declared.members:
            match = re.search(r"static let (\w+)\b", member.text)
            if match:
                report.checked += 1
                if match.group(1) not in values:
                    report.error(member.file, member.line,
                                 f"{declared.name}.{match.group(1)}: the SDK has no such value")
        return
    elif kind == "struct":
        fields = {f["name"]: f for f in fact.get("fields") or []}
        for member in declared.members:
            signature = parse_signature(member.text)
            if signature is None or "overlay" in member.markers:
                if signature is not None:
                    report.overlays.append(f"{declared.name}.{signature.name} ({member.markers['overlay']})")
                continue
            report.checked += 1
            if signature.kind == "var" and signature.name not in fields:
                report.error(member.file, member.line,
                             f"{declared.name}.{signature.name}: the SDK's struct has no such field")
            if signature.kind == "init":
                labels = signature.name
                allowed = set(fact.get("swift_initializers") or [])
                if labels not in allowed:
                    report.error(member.file, member.line,
                                 f"{declared.name}.{labels}: the SDK's struct has no such initializer "
                                 f"({sorted(allowed)})")
        return
    if kind not in ("class", "protocol"):
        return
    for member in declared.members:
        if member.container_kind == "nested":
            continue
        compare_member(report, facts, fact, declared, member, target)


def check_globals(report: Report, facts: Facts, decls: list[Decl], target: tuple[int, ...]) -> None:
    for decl in decls:
        match = re.match(r"^(?:public\s+)(?:let|var)\s+(\w+)", decl.text) or TYPEALIAS.match(decl.text)
        if not match:
            continue
        name = match.group(1) if match.re is not TYPEALIAS else match.group("name")
        if "overlay" in decl.markers:
            report.overlays.append(f"{name} ({decl.markers['overlay']})")
            continue
        report.checked += 1
        if "unchecked" in decl.markers:
            report.overlays.append(f"{name} ({decl.markers['unchecked']})")
            continue
        if name not in facts.constants and facts.lookup(name) is None:
            report.error(decl.file, decl.line, f"{name}: the SDK has no such constant or type")


# MARK: - Conformance extensions in Apps/ and the bridge


def join_declarations(lines: list[str]) -> list[str]:
    """The lines with a declaration whose parameters span lines joined onto its first line (the
    continuation lines become empty, so line numbers stay)."""
    joined = list(lines)
    index = 0
    while index < len(joined):
        line = joined[index]
        if re.search(r"\b(func|init)\b", line) and line.count("(") > line.count(")"):
            end = index
            text = line
            while text.count("(") > text.count(")") and end + 1 < len(joined):
                end += 1
                text += " " + joined[end].strip()
                joined[end] = ""
            joined[index] = text
            index = end
        index += 1
    return joined


def check_conformances(report: Report, facts: Facts, roots: list[Path]) -> None:
    """Every method of an extension that adopts SDK protocols must be a requirement of one."""
    for root in roots:
        for path in sorted(root.rglob("*.swift")):
            if STUBS in path.parents:
                continue
            text = path.read_text()
            if "standIn" in text:
                for number, line in enumerate(text.splitlines(), start=1):
                    if "standIn" in line:
                        report.error(path, number, "uses a stand-in-only member (standIn…): the "
                                     "real SDK has no such API")
            lines = join_declarations(text.splitlines())
            depth = 0
            current: tuple[list[dict], int] | None = None
            for number, raw in enumerate(lines, start=1):
                line = raw.strip()
                match = EXTENSION.match(line)
                if match and match.group("inh"):
                    protocols = [part.strip().removeprefix("@MainActor").strip()
                                 for part in split_top(match.group("inh"))]
                    sdk = [facts.lookup(name) for name in protocols]
                    sdk = [fact for fact in sdk if fact is not None and fact.get("kind") == "protocol"]
                    if sdk:
                        current = (sdk, depth + 1)
                elif current and depth == current[1] and not line.startswith("//"):
                    signature = parse_signature(line)
                    if signature and signature.kind == "func" and not re.search(r"\bprivate\b", line):
                        report.checked += 1
                        names = set()
                        for fact in current[0]:
                            for owner in facts.chain(fact):
                                names |= {(m.get("swift") or {}).get("name") for m in owner.get("members") or []}
                        if signature.name not in names:
                            report.error(path, number,
                                         f"{signature.name} is in an extension adopting "
                                         f"{', '.join(f['swift']['name'] for f in current[0])} but is no "
                                         "requirement of it: CarPlay would never call it (misspelt "
                                         "optional requirement?); move it to a plain extension or fix "
                                         "the name")
                depth += line.count("{") - line.count("}")
                if current and depth < current[1]:
                    current = None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--verbose", action="store_true", help="list the overlay exemptions")
    parser.add_argument("--stubs", type=Path, default=STUBS, help="the stand-ins' folder")
    parser.add_argument("--sources", type=Path, nargs="*", default=SOURCES,
                        help="folders whose SDK-protocol extensions are checked")
    parser.add_argument("--deployment-target", help="instead of project.yml's (e.g. 26.0)")
    arguments = parser.parse_args()
    facts = Facts.load()
    target = version(arguments.deployment_target) or deployment_target()
    report = Report()
    parsed = []
    for framework in CHECKED:
        folder = arguments.stubs / framework
        files = sorted(folder.glob("*.swift"))
        if not files:
            report.errors.append(f"{folder}: no stand-in source (expected {framework}.swift)")
        parsed += [parse_stub_file(path) for path in files]
    stub_types = {declared.name: declared for types, _, _ in parsed for declared in types}
    for types, globals_, extensions in parsed:
        for declared in types:
            check_type(report, facts, declared, extensions, target, stub_types)
        check_globals(report, facts, globals_, target)
    check_conformances(report, facts, arguments.sources)
    for error in report.errors:
        print(error)
    if arguments.verbose:
        for overlay in report.overlays:
            print(f"overlay (not in the facts): {overlay}")
    status = "FAILED" if report.errors else "ok"
    print(f"SDK facts check {status}: {report.checked} declarations compared with "
          f"{FACTS.relative_to(ROOT)} (deployment target iOS {'.'.join(map(str, target))}), "
          f"{len(report.overlays)} Swift-overlay declarations exempt, {len(report.errors)} problems")
    return 1 if report.errors else 0


if __name__ == "__main__":
    sys.exit(main())
