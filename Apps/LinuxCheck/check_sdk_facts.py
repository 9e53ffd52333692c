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
import difflib
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FACTS = ROOT / "Apps/LinuxCheck/SDKFacts"
STUBS = ROOT / "Apps/LinuxCheck/Stubs"
# Frameworks the facts cover; SwiftUI and App Intents are Swift-only and not checked, and the
# facts do not cover User Notifications (its stand-in names its source by hand).
CHECKED = ["UIKit", "CoreLocation", "CoreMedia", "MapKit", "CarPlay", "AVFoundation", "MediaPlayer"]
SOURCES = [ROOT / "Apps", ROOT / "Sources/Kit/CarPlayBridge"]
PROJECT = ROOT / "Apps/project.yml"
PACKAGE = ROOT / "Package.swift"


def set_root(root: Path) -> None:
    """Points every path at another checkout (the planted-error tests run on a scratch copy)."""
    global ROOT, FACTS, STUBS, SOURCES, PROJECT, PACKAGE
    ROOT = root.resolve()
    FACTS = ROOT / "Apps/LinuxCheck/SDKFacts"
    STUBS = ROOT / "Apps/LinuxCheck/Stubs"
    SOURCES = [ROOT / "Apps", ROOT / "Sources/Kit/CarPlayBridge"]
    PROJECT = ROOT / "Apps/project.yml"
    PACKAGE = ROOT / "Package.swift"


def version(text: str | None) -> tuple[int, ...] | None:
    if not text:
        return None
    return tuple(int(part) for part in text.split("."))


def shown_version(value: tuple[int, ...]) -> str:
    return ".".join(map(str, value))


def deployment_target() -> tuple[int, ...]:
    """The apps' deployment target, from project.yml."""
    match = re.search(r'iOS:\s*"?([0-9.]+)"?', PROJECT.read_text())
    if not match:
        sys.exit(f"{PROJECT}: no `deploymentTarget: iOS:` found; expected e.g. iOS: \"26.4\"")
    return version(match.group(1)) or (0,)


def package_target() -> tuple[int, ...]:
    """The package's iOS floor, from Package.swift's `platforms:` (`.iOS("26.4")` or `.iOS(.v18)`),
    at which Xcode compiles every package target the apps link."""
    text = PACKAGE.read_text()
    match = re.search(r'\.iOS\(\s*(?:"([0-9.]+)"|\.v(\d+)(?:_(\d+))?)\s*\)', text)
    if not match:
        sys.exit(f"{PACKAGE}: no iOS platform in `platforms:`; expected e.g. .iOS(\"26.4\")")
    if match.group(1):
        return version(match.group(1)) or (0,)
    return (int(match.group(2)), int(match.group(3) or 0))


@dataclass
class Module:
    """A module the apps compile, with the folders of its sources and its deployment target."""
    name: str
    roots: list[Path]
    target: tuple[int, ...]
    source: str  # where the target was read


def modules(override: tuple[int, ...] | None) -> list[Module]:
    """The package targets the apps link (the bridge, at Package.swift's floor) and the apps
    (at project.yml's target); `override` replaces both."""
    bridge = override or package_target()
    apps = override or deployment_target()
    return [
        Module("CarPlayBridge", [ROOT / "Sources/Kit/CarPlayBridge"], bridge,
               "--deployment-target" if override else "Package.swift"),
        Module("Apps", [ROOT / "Apps"], apps,
               "--deployment-target" if override else "Apps/project.yml"),
    ]


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
    throws: bool = False
    is_async: bool = False
    defaults: list[str | None] = field(default_factory=list)  # per parameter, `nil`, `[]`, …
    closure_attributes: list[set[str]] = field(default_factory=list)  # per parameter
    modifiers: str = ""


CLOSURE_ATTRIBUTES = ("escaping", "Sendable", "MainActor")


def parse_params(inner: str) -> tuple[list[str], list[str], list[str | None], list[set[str]]]:
    labels, types, defaults, attributes = [], [], [], []
    for param in split_top(inner):
        param = param.strip()
        if not param:
            continue
        head, _, rest = param.partition(":")
        default = None
        if "=" in rest:
            parts = split_top(rest, "=")
            rest = parts[0]
            default = "=".join(parts[1:]).strip() if len(parts) > 1 else None
        words = head.split()
        labels.append(words[0] if words else "_")
        types.append(normal_type(rest))
        defaults.append(re.sub(r"\s+", "", default) if default else None)
        attributes.append({name for name in CLOSURE_ATTRIBUTES if f"@{name}" in rest})
    return labels, types, defaults, attributes


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
        labels, types, defaults, attributes = parse_params(rest[start + 1:end])
        tail = rest[end + 1:]
        effects = re.match(r"\s*(async\s*)?((?:re)?throws\s*)?", tail)
        is_async = bool(effects and effects.group(1))
        throws = bool(effects and effects.group(2))
        if kind == "func":
            name = found.group(2).strip("`")
            arrow = re.match(r"\s*(async\s*)?(throws\s*)?(rethrows\s*)?(->\s*(?P<r>[^{]+))?", tail)
            result = normal_type(arrow.group("r")) if arrow and arrow.group("r") else "Void"
        else:
            name = "init"
            result = "?" if found.group(2) == "?" else ""
        return Signature(kind, f"{name}({''.join(label + ':' for label in labels)})", types, result,
                         static, throws=throws, is_async=is_async, defaults=defaults,
                         closure_attributes=attributes, modifiers=modifiers)
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
        accessor_effects = re.match(r"\{\s*get\s+(async\s*)?(throws)?", accessors.strip())
        return Signature("var", name, [], normal_type(type_text), static, settable,
                         throws=bool(accessor_effects and accessor_effects.group(2)),
                         is_async=bool(accessor_effects and accessor_effects.group(1)),
                         modifiers=modifiers)
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
MARKER = re.compile(r"^//\s*(sel|overlay|unchecked|verified|unverified):\s*(.*)$")


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
        self.unparsed: list[str] = []
        self.unverified: list[str] = []

    def error(self, path: Path, line: int, message: str) -> None:
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        self.errors.append(f"{shown}:{line}: error: {message}")


DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|open|override|required|convenience|final|"
    r"nonisolated|weak|unowned|dynamic|mutating|class|static|lazy)(?:\((?:set|unsafe)\))?\s+)*"
    r"(?:func|init|var|let|subscript|typealias|associatedtype)\b")


def report_unparsed(report: Report, decl: Decl) -> None:
    """A public declaration the checker cannot parse is counted and fails the check (it would
    otherwise be skipped unchecked), unless marked `// unchecked: <reason>`."""
    if not re.search(r"\b(public|open)\b", decl.text) and decl.container_kind != "protocol":
        return
    if not DECLARATION.match(decl.text) or "standIn" in decl.text:
        return
    if "unchecked" in decl.markers:
        report.overlays.append(f"{decl.container}: {decl.text[:60]} ({decl.markers['unchecked']})")
        return
    shown = decl.file.relative_to(ROOT) if decl.file.is_relative_to(ROOT) else decl.file
    report.unparsed.append(f"{shown}:{decl.line}")
    report.error(decl.file, decl.line, f"{decl.container}: cannot parse this declaration "
                 f"(`{decl.text.strip()[:80]}`), so it is not compared with the SDK; write it in "
                 "the stand-ins' one-line style or mark it `// unchecked: <reason>`")


def availability_problems(decl_attrs: str, availability: dict | None, targets,
                          what: str) -> list[str]:
    """What the stand-in's @available must say for a member with this SDK availability.

    `targets` is (lowest, highest) over the modules that compile against the stand-ins (a
    single version is both). A member deprecated at or below the highest target is marked
    `@available(*, deprecated, …)` (that module's calls warn, and warnings are errors). A member
    introduced above the lowest target carries `@available(iOS X, *)` with the SDK's X, stating
    what the availability check (`check_availability`) enforces at the uses; `unavailable`
    would also reject the guarded calls of the lower module."""
    problems = []
    if not availability:
        return problems
    if isinstance(targets[0], int):
        targets = (targets, targets)
    lowest, highest = targets
    deprecated_at = version(availability.get("deprecated_ios"))
    deprecated = bool(availability.get("deprecated")) and (deprecated_at is None or deprecated_at <= highest)
    introduced = version(availability.get("introduced_ios"))
    has_deprecated = bool(re.search(r"@available\(\*,\s*deprecated", decl_attrs))
    has_unavailable = bool(re.search(r"@available\(\*,\s*unavailable", decl_attrs))
    stated = re.search(r"@available\(\s*iOS\s+([0-9.]+)", decl_attrs)
    highest_text = shown_version(highest)
    if deprecated and not has_deprecated:
        when = availability.get("deprecated_ios") or "a version the facts do not give"
        problems.append(f"{what} is deprecated in the SDK (iOS {when}, at or below the deployment "
                        f"target {highest_text}); mark it @available(*, deprecated, message: ...) "
                        "so calls fail the type-check")
    if has_deprecated and not deprecated:
        problems.append(f"{what} is marked deprecated but the SDK does not deprecate it at iOS "
                        f"{highest_text}")
    if has_unavailable:
        problems.append(f"{what} is marked unavailable, which would reject calls guarded by "
                        f"`if #available`; state `@available(iOS {availability.get('introduced_ios')}, *)`")
    if introduced and introduced > lowest and not stated:
        problems.append(f"{what} is introduced in iOS {availability.get('introduced_ios')}, above "
                        f"the deployment target {shown_version(lowest)}; state it: "
                        f"@available(iOS {availability.get('introduced_ios')}, *)")
    if stated and introduced and version(stated.group(1)) != introduced:
        problems.append(f"{what} states iOS {stated.group(1)}, the SDK introduces it in iOS "
                        f"{availability.get('introduced_ios')}")
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
        report_unparsed(report, decl)
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
    compare_effects(report, decl, signature, expected, member, what)
    compare_isolation_and_storage(report, facts, fact, decl, signature, member, what)
    require_verified_name(report, decl, member, what, owner_fact=fact)


def compare_effects(report: Report, decl: Decl, signature: Signature, expected: Signature,
                    member: dict, what: str) -> None:
    """`throws`/`async`, default arguments and closure attributes against the SDK's."""
    sdk_throws = bool(member.get("throws")) or expected.throws
    if signature.throws != sdk_throws:
        report.error(decl.file, decl.line, f"{what}: the SDK's member "
                     f"{'throws' if sdk_throws else 'does not throw'}")
    if signature.is_async != expected.is_async:
        report.error(decl.file, decl.line, f"{what}: the SDK's member is "
                     f"{'async' if expected.is_async else 'not async'} (the facts import "
                     "completion handlers as closures)")
    if signature.kind == "var":
        return
    params = member.get("params") or []
    verified = "verified" in decl.markers
    for index, stub_default in enumerate(signature.defaults):
        sdk_default = expected.defaults[index] if index < len(expected.defaults) else None
        kind = ((params[index].get("type") or {}).get("kind") if index < len(params) else None)
        label = signature.name.split("(")[1].split(":")[index] if "(" in signature.name else "?"
        if sdk_default is not None and stub_default is None:
            report.error(decl.file, decl.line, f"{what}: parameter {label} has the default "
                         f"= {sdk_default} in the SDK; declare it, calls may omit it")
        elif stub_default is not None and sdk_default is None:
            # The importer adds `= []` to option-set parameters the facts leave bare.
            if not (stub_default == "[]" and kind == "options") and not verified:
                report.error(decl.file, decl.line, f"{what}: parameter {label} has no default in "
                             f"the SDK facts, the stand-in gives = {stub_default} (a call "
                             "omitting it would not compile in Xcode); remove it, or confirm "
                             "it and add `// verified: <page or header>`")
        elif stub_default is not None and stub_default != sdk_default:
            report.error(decl.file, decl.line, f"{what}: parameter {label} defaults to "
                         f"{stub_default}, the SDK's to {sdk_default}")
    fact_signature_text = (member.get("swift") or {}).get("signature") or ""
    fact_params = []
    start = fact_signature_text.find("(")
    if start >= 0:
        end = matching_paren(fact_signature_text, start)
        fact_params = split_top(fact_signature_text[start + 1:end])
    for index, attributes in enumerate(signature.closure_attributes):
        if index >= len(params):
            break
        descriptor = params[index].get("type") or {}
        if descriptor.get("kind") != "block":
            continue
        label = signature.name.split("(")[1].split(":")[index]
        expected_attributes = set()
        if index < len(fact_params) and "@escaping" in fact_params[index]:
            expected_attributes.add("escaping")
        if descriptor.get("sendable"):
            expected_attributes.add("Sendable")
        if verified:
            continue  # confirmed by hand: the facts derive escaping and Sendable from O2
        if attributes != expected_attributes:
            shown = lambda names: " ".join(f"@{n}" for n in sorted(names)) or "none"
            report.error(decl.file, decl.line, f"{what}: closure parameter {label} has "
                         f"{shown(attributes)}, the SDK's {shown(expected_attributes)}")


def compare_isolation_and_storage(report: Report, facts: Facts, fact: dict, decl: Decl,
                                  signature: Signature, member: dict, what: str) -> None:
    """Member-level `nonisolated` (which the facts cannot show, so it needs a confirmation),
    `weak` and `copy` (`@NSCopying`) against the SDK's property attributes."""
    if re.search(r"\bnonisolated\b", signature.modifiers):
        if not fact.get("main_actor"):
            report.error(decl.file, decl.line, f"{what}: `nonisolated` on a member of a type that "
                         "is not main-actor isolated in the SDK says nothing; remove it")
        elif "verified" not in decl.markers:
            report.error(decl.file, decl.line, f"{what}: member-level `nonisolated` "
                         "(NS_SWIFT_NONISOLATED) is not in the facts; confirm it in Apple's "
                         "documentation or the SDK header and add `// verified: <where>`")
    prop = member.get("property") or {}
    if signature.kind != "var" or not prop:
        return
    weak = bool(re.search(r"\bweak\b", signature.modifiers))
    if weak != bool(prop.get("weak")):
        report.error(decl.file, decl.line, f"{what}: the SDK's property is "
                     f"{'weak' if prop.get('weak') else 'not weak'}")
    descriptor = member.get("type") or {}
    swift_type = (descriptor.get("swift") or "").strip()
    bridged = re.match(r"(String|\[|URL\b|Data\b|Date\b|UUID\b|Measurement|TimeZone|Locale|"
                       r"IndexPath|Any\b|\(|any\s)", swift_type)
    value_type = facts.lookup(re.sub(r"[?!]$", "", swift_type)) or {}
    # The importer marks a `copy` property @NSCopying when its class adopts NSCopying.
    needs_copying = (bool(prop.get("copy")) and descriptor.get("kind") == "object"
                     and not bridged and "NSCopying" in (value_type.get("protocols_all") or []))
    has_copying = "@NSCopying" in decl.attributes or "@NSCopying" in decl.text
    if needs_copying != has_copying:
        report.error(decl.file, decl.line, f"{what}: the SDK's property is "
                     f"{'copy (Swift: @NSCopying)' if needs_copying else 'not @NSCopying'}")


TRIVIAL_DERIVED = {"init()", "init(coder:)"}


OBSERVED_UP_TO = (14, 2)  # the Swift interfaces the facts' observed names come from


def require_verified_name(report: Report, decl: Decl, member: dict | None, what: str,
                          fact: dict | None = None, owner_fact: dict | None = None) -> None:
    """A Swift name the facts derive (API newer than their observed iOS 14.2 names) must carry a
    `// verified:` marker naming where it was confirmed; a property spelled like its Objective-C
    property, `init()` and `init(coder:)` follow no renaming rule and need none."""
    entry = member if member is not None else fact
    swift = (entry or {}).get("swift") or {}
    if not str(swift.get("basis", "")).startswith("derived") or "verified" in decl.markers:
        return
    # Observed names cover API up to iOS 14.2; a derived name of older API is only a gap in
    # that interface dump, not a name nobody has seen.
    introduced = version(((entry or {}).get("availability") or {}).get("introduced_ios"))
    if introduced is None and member is not None and owner_fact is not None:
        introduced = version((owner_fact.get("availability") or {}).get("introduced_ios"))
    if introduced is None or introduced <= OBSERVED_UP_TO:
        return
    name = swift.get("name") or ""
    if name in TRIVIAL_DERIVED:
        return
    if "unverified" in decl.markers:
        # No Apple page or header at hand confirms it: counted and listed, for Xcode to settle.
        report.unverified.append(f"{what} ({decl.markers['unverified']})")
        return
    if member is not None and member.get("kind") == "property":
        prop = member.get("property") or {}
        # The importer's rule, not a renaming: a property is spelt as its getter.
        if name in (prop.get("getter"), prop.get("name")) and prop.get("getter") in (
                None, name, prop.get("name")):
            return
    report.error(decl.file, decl.line, f"{what}: the Swift name {name} is derived by the facts "
                 "(no observed interface shows it); confirm it on its Apple documentation page or "
                 "in the SDK header and add `// verified: <page or header>` above it")


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
    require_verified_name(
        report, Decl(declared.file, declared.line, "", attrs, declared.markers, None, None), None,
        declared.name, fact)
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
                report_unparsed(report, member)
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
            if signature is None and "overlay" not in member.markers:
                report_unparsed(report, member)
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


TYPE_WITH_CONFORMANCES = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|open|internal|private|fileprivate|final)\s+)*"
    r"(?:class|struct|enum|actor)\s+(?P<name>\w+)\s*(?:<[^>]*>)?\s*:\s*(?P<inh>[^{]+)\{")


def requirement_names(facts: Facts, protocols: list[dict]) -> set[str]:
    names: set[str] = set()
    for fact in protocols:
        for owner in facts.chain(fact):
            names |= {(m.get("swift") or {}).get("name") for m in owner.get("members") or []}
    names.discard(None)
    return names


def near_miss(name: str, requirements: set[str]) -> str | None:
    """The requirement `name` nearly spells: the same base name with other labels, or a name
    differing by a few characters (`mapTemplateDidCancelNavigaton(_:)`)."""
    base = name.split("(")[0]
    best, best_ratio, same_base = None, 0.0, False
    for requirement in sorted(requirements):
        shares_base = requirement.split("(")[0] == base
        ratio = difflib.SequenceMatcher(None, name, requirement).ratio()
        # A requirement with the same base name wins over any other; the closest of those.
        if (shares_base, ratio) > (same_base, best_ratio):
            best, best_ratio, same_base = requirement, ratio, shares_base
    return best if same_base or best_ratio >= 0.85 else None


def sdk_protocols(facts: Facts, inherits: str) -> list[dict]:
    protocols = [part.strip().removeprefix("@MainActor").removeprefix("@preconcurrency").strip()
                 for part in split_top(inherits)]
    found = [facts.lookup(name) for name in protocols]
    return [fact for fact in found if fact is not None and fact.get("kind") == "protocol"]


def check_conformances(report: Report, facts: Facts, roots: list[Path]) -> None:
    """Every method of an extension that adopts SDK protocols must be a requirement of one; a
    method of a type that declares SDK protocols on itself must not nearly spell an optional
    requirement (the misspelt delegate method compiles as a new method CarPlay never calls)."""
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
            # (protocols, body depth, strict: an extension whose every method must be a requirement)
            current: tuple[list[dict], int, bool] | None = None
            for number, raw in enumerate(lines, start=1):
                line = raw.strip()
                match = EXTENSION.match(line)
                declared = TYPE_WITH_CONFORMANCES.match(line)
                if match and match.group("inh"):
                    sdk = sdk_protocols(facts, match.group("inh"))
                    if sdk:
                        current = (sdk, depth + 1, True)
                elif declared and current is None:
                    sdk = sdk_protocols(facts, declared.group("inh"))
                    if sdk:
                        current = (sdk, depth + 1, False)
                elif current and depth == current[1] and not line.startswith("//"):
                    signature = parse_signature(line)
                    if signature and signature.kind == "func" and not re.search(r"\bprivate\b", line):
                        report.checked += 1
                        names = requirement_names(facts, current[0])
                        adopted = ", ".join(f["swift"]["name"] for f in current[0])
                        if signature.name in names:
                            pass
                        elif current[2]:
                            report.error(path, number,
                                         f"{signature.name} is in an extension adopting "
                                         f"{adopted} but is no requirement of it: CarPlay would "
                                         "never call it (misspelt optional requirement?); move it "
                                         "to a plain extension or fix the name")
                        elif (close := near_miss(signature.name, names)) is not None:
                            report.error(path, number,
                                         f"{signature.name} nearly spells {close}, a requirement "
                                         f"of {adopted}, which the type adopts: CarPlay would "
                                         "never call it; fix the name")
                depth += line.count("{") - line.count("}")
                if current and depth < current[1]:
                    current = None


# MARK: - Apple API above a module's deployment target


@dataclass
class NewAPI:
    """An Apple declaration introduced in some iOS version, and how to recognise its use."""
    what: str  # CPListTemplate.init(title:listHeader:sections:assistantCellConfiguration:)
    introduced: tuple[int, ...]
    pattern: re.Pattern
    # The member's spelling is also one of the project's own names: only a use on a receiver
    # the file declares with an Apple type (or an assignment to one) is Apple's.
    shared_name: str | None = None
    spans_lines: bool = False  # an initializer call whose labels may continue on later lines


APPLE_TYPE = r"(?:CP|MK|UI|AV|MP|CL|CM)[A-Z]\w*"


def apple_typed_names(lines: list[str]) -> set[str]:
    """Variables and parameters a file declares with an Apple type (`object: CPListTemplate`,
    `let item = MKMapItem(`), the receivers whose members are Apple's."""
    names: set[str] = set()
    for line in lines:
        names |= set(re.findall(r"\b(\w+)\s*:\s*(?:any\s+|some\s+)?" + APPLE_TYPE, line))
        names |= set(re.findall(r"\b(?:let|var)\s+(\w+)\s*=\s*" + APPLE_TYPE + r"\s*[(.]", line))
    return names


def strip_comments_and_strings(text: str) -> list[str]:
    """The lines with comments and string literals blanked (line numbers kept)."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r'"""(.*?)"""', lambda m: '""' + "\n" * m.group(1).count("\n"), text, flags=re.S)
    lines = []
    for line in text.split("\n"):
        line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
        line = line.split("//", 1)[0]
        lines.append(line)
    return lines


def own_names(roots: list[Path]) -> set[str]:
    """Names the project declares itself (`var x`, `func x(`, `case x`), which a member use of
    the same spelling may mean instead of Apple's."""
    names: set[str] = set()
    for root in roots:
        for path in root.rglob("*.swift"):
            if STUBS in path.parents:
                continue
            names |= set(re.findall(r"\b(?:var|let|func|case)\s+`?(\w+)", path.read_text()))
    return names


def new_api(facts: Facts, floor: tuple[int, ...], ours: set[str]) -> tuple[list[NewAPI], int]:
    """Every type and member the facts date above `floor`, with a pattern for its use; members
    whose spelling an older declaration or the project's own code shares cannot be told apart by
    name and are counted instead."""
    older_names: set[str] = set()
    newer: list[tuple[str, str, dict, dict, tuple[int, ...]]] = []
    for objc, fact in facts.types.items():
        type_version = version((fact.get("availability") or {}).get("introduced_ios"))
        swift_type = (fact.get("swift") or {}).get("name") or objc
        for member in fact.get("members") or []:
            if member.get("kind") == "unavailable":
                continue
            name = (member.get("swift") or {}).get("name")
            if not name:
                continue
            introduced = version((member.get("availability") or {}).get("introduced_ios")) or type_version
            if introduced and introduced > floor:
                newer.append((swift_type, name, member, fact, introduced))
            else:
                older_names.add(name.split("(")[0] if member.get("kind") != "init" else name)
    apis: list[NewAPI] = []
    ambiguous = 0
    for objc, fact in facts.types.items():
        introduced = version((fact.get("availability") or {}).get("introduced_ios"))
        if introduced and introduced > floor:
            for name in {(fact.get("swift") or {}).get("name") or objc, objc}:
                last = name.split(".")[-1]
                pattern = re.compile(r"(?<![\w.])" + re.escape(name) + r"\b" if "." not in name
                                     else re.escape(name) + r"\b|(?<![\w])" + re.escape(last) + r"\b")
                apis.append(NewAPI(name, introduced, pattern))
    for swift_type, name, member, fact, introduced in newer:
        kind = member.get("kind")
        if kind == "init":
            labels = name[len("init("):-1].split(":")[:-1]
            if name in older_names or not labels:
                ambiguous += 1
                continue
            # `Type(label1: …, label2: …` with the labels in order.
            head = re.escape(swift_type) + r"\s*\(\s*"
            rest = r"[^;]*?".join(re.escape(label) + r"\s*:" for label in labels if label != "_")
            apis.append(NewAPI(f"{swift_type}.{name}", introduced, re.compile(head + rest),
                               spans_lines=True))
            continue
        base = name.split("(")[0]
        if base in older_names or len(base) < 6:
            ambiguous += 1
            continue
        suffix = r"\s*\(" if kind == "method" else r"\b(?!\s*\()"
        apis.append(NewAPI(f"{swift_type}.{name}", introduced,
                           re.compile(r"(\w*)\??\." + re.escape(base) + suffix),
                           shared_name=base if base in ours else None))
    return apis, ambiguous


AVAILABLE = re.compile(r"#available\(\s*iOS\s+([0-9]+(?:\.[0-9]+)*)")
AVAILABLE_ATTRIBUTE = re.compile(r"@available\(\s*iOS\s+([0-9]+(?:\.[0-9]+)*)")


def dated_by_notes(facts: Facts) -> list[tuple[str, str, tuple[int, ...]]]:
    """(type, member, version) for members the facts' notes date where the member facts carry no
    version (`leadingNavigationBarButtons / … / backButton on CPVoiceControlTemplate … arrived
    with iOS 26.4`): the note's fact says `members are iOS X`, its detail names the members
    before ` on TYPE`, each one a member of that type in the facts."""
    found = []
    notes = json.loads((FACTS / "carplay.json").read_text()).get("notes") or []
    for note in notes:
        when = re.search(r"members are iOS ([0-9]+(?:\.[0-9]+)*)", note.get("fact", ""))
        type_name = note.get("type", "")
        fact = facts.types.get(type_name)
        if not when or not fact:
            continue
        named = note.get("detail", "").split(f" on {type_name}", 1)[0]
        members = {((m.get("swift") or {}).get("name") or "").split("(")[0]
                   for m in fact.get("members") or []}
        for name in re.findall(r"\b([a-z]\w+)\b", named):
            if name in members:
                found.append((type_name, name, version(when.group(1)) or (0,)))
    return found


def typed_as(lines: list[str], type_name: str) -> set[str]:
    """Variables and parameters a file declares as `type_name` (`object: CPVoiceControlTemplate`,
    `let object = CPVoiceControlTemplate(`, `let object = x as? CPVoiceControlTemplate`)."""
    names: set[str] = set()
    spelt = re.escape(type_name) + r"\b"
    for line in lines:
        names |= set(re.findall(r"\b(\w+)\s*:\s*" + spelt, line))
        names |= set(re.findall(r"\b(?:let|var)\s+(\w+)\s*=\s*" + spelt + r"\s*\(", line))
        names |= set(re.findall(r"\b(?:let|var)\s+(\w+)\s*=\s*[^=]*?\bas[?!]?\s+" + spelt, line))
    return names


def check_availability(report: Report, facts: Facts, modules_: list[Module]) -> int:
    """Flags a use of Apple API introduced above the deployment target of the module that
    compiles it, outside an `if #available(iOS X, *)` / `guard #available` scope or an
    `@available(iOS X, *)` declaration with X at least the API's version. Returns how many
    members could not be told apart from older ones by name."""
    ambiguous_total = 0
    ours = own_names([ROOT / "Sources", ROOT / "Apps"])
    for module in modules_:
        apis, ambiguous = new_api(facts, module.target, ours)
        ambiguous_total = max(ambiguous_total, ambiguous)
        for root in module.roots:
            for path in sorted(root.rglob("*.swift")):
                if STUBS in path.parents or "LinuxCheck" in path.parts:
                    continue
                lines = strip_comments_and_strings(path.read_text())
                typed = apple_typed_names(lines)
                apis_by_note: list[tuple[NewAPI, set[str]]] = []
                # Members dated only by the facts' notes, on a receiver declared as their type
                # (their names are shared with older templates' bar-button members).
                for type_name, member, since in dated_by_notes(facts):
                    if since <= module.target:
                        continue
                    swift_type = (facts.types[type_name].get("swift") or {}).get("name") or type_name
                    receivers = typed_as(lines, swift_type)
                    pattern = re.compile(r"(?:\b(\w+)\??|" + re.escape(swift_type)
                                         + r"\([^)]*\))\." + re.escape(member) + r"\b")
                    api = NewAPI(f"{swift_type}.{member}", since, pattern)
                    apis_by_note.append((api, receivers))
                depth = 0
                scopes: list[tuple[int, tuple[int, ...]]] = []  # (depth the scope ends below, version)
                pending: tuple[int, ...] | None = None  # an @available attribute awaiting its `{`
                for number, line in enumerate(lines, start=1):
                    guard = version(m.group(1)) if (m := AVAILABLE.search(line)) else None
                    attribute = version(m.group(1)) if (m := AVAILABLE_ATTRIBUTE.search(line)) else None
                    if attribute:
                        pending = attribute
                    line_scopes = [v for _, v in scopes]
                    if pending:
                        line_scopes.append(pending)
                    if guard and re.search(r"\bif\b|\bwhile\b", line):
                        line_scopes.append(guard)  # the condition's own line
                    guarded = max(line_scopes, default=None)
                    reported: set[str] = set()
                    for api, receivers in apis_by_note:
                        if guarded and guarded >= api.introduced:
                            continue
                        found = api.pattern.search(line)
                        if found and (found.group(1) is None or found.group(1) in receivers):
                            report.checked += 1
                            report.error(path, number,
                                         f"{api.what} is iOS {shown_version(api.introduced)} (dated "
                                         f"by the facts' notes), above the deployment target iOS "
                                         f"{shown_version(module.target)} of {module.name} "
                                         f"({module.source}); guard it with `if #available(iOS "
                                         f"{shown_version(api.introduced)}, *)` or mark the "
                                         "declaration `@available`")
                    for api in apis:
                        if api.introduced <= module.target:
                            continue
                        if guarded and guarded >= api.introduced:
                            continue
                        member = api.what.split(".", 1)[-1]
                        if member in reported:
                            continue
                        text = line
                        if api.spans_lines:
                            text = " ".join([line] + lines[number:number + 4])
                        found = api.pattern.search(text)
                        if found and found.start() >= len(line):
                            found = None
                        if found and api.shared_name:
                            receiver = found.group(1)
                            assigned = re.search(r"\." + re.escape(api.shared_name) + r"\s*=(?!=)", line)
                            if receiver not in typed and not assigned:
                                found = None
                        if found:
                            reported.add(member)
                            report.checked += 1
                            report.error(path, number,
                                         f"{api.what} is iOS {shown_version(api.introduced)}, above "
                                         f"the deployment target iOS {shown_version(module.target)} "
                                         f"of {module.name} ({module.source}); guard it with "
                                         f"`if #available(iOS {shown_version(api.introduced)}, *)` "
                                         "or mark the declaration `@available`")
                    opened = line.count("{")
                    closed = line.count("}")
                    if guard and re.search(r"\bguard\b", line):
                        scopes.append((depth, guard))  # to the end of the enclosing scope
                    elif guard and opened:
                        scopes.append((depth + 1, guard))
                    elif pending and opened:
                        scopes.append((depth + 1, pending))
                        pending = None
                    depth += opened - closed
                    while scopes and depth < scopes[-1][0]:
                        scopes.pop()
    return ambiguous_total


# MARK: - Conformances that depend on the deployment target


def conditional_conformances(facts: Facts) -> list[tuple[str, str, tuple[int, ...]]]:
    """(type, protocol, version) for conformances the SDK header declares only from a deployment
    target on (`#if __IPHONE_OS_VERSION_MIN_REQUIRED >= …`), read from the facts' notes."""
    found = []
    for path in (FACTS / "carplay.json",):
        notes = json.loads(path.read_text()).get("notes") or []
        for note in notes:
            if note.get("fact") != "conditional conformance":
                continue
            detail = note.get("detail", "")
            when = re.search(r"deployment target is >= iOS ([0-9]+(?:\.[0-9]+)*)", detail)
            fact = facts.types.get(note.get("type", ""), {})
            for protocol in fact.get("protocols_net_only") or []:
                if when and protocol in detail:
                    found.append((note["type"], protocol, version(when.group(1)) or (0,)))
    return found


def check_conditional_conformances(report: Report, facts: Facts, stub_types: dict[str, TypeDecl],
                                   modules_: list[Module]) -> None:
    """A stand-in may declare a conformance the SDK declares only from some deployment target on
    only when every module that compiles against it is at or above that target; otherwise the
    type-check would accept what Xcode rejects in the lower module."""
    for type_name, protocol, since in conditional_conformances(facts):
        declared = stub_types.get((facts.types[type_name].get("swift") or {}).get("name") or type_name)
        if declared is None:
            continue
        adopts = any(part.replace("@preconcurrency", "").strip() == protocol
                     for part in declared.inherits[1:])
        lower = [m for m in modules_ if m.target < since]
        if adopts and lower:
            module = lower[0]
            report.error(declared.file, declared.line,
                         f"{declared.name} conforms to {protocol} only when the deployment target "
                         f"is iOS {shown_version(since)} or later (a deployment-target #if in the "
                         f"SDK header); {module.name} compiles at iOS "
                         f"{shown_version(module.target)} ({module.source}): remove the "
                         "conformance from the stand-in so the type-check rejects what Xcode "
                         "would, or raise the target")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--verbose", action="store_true", help="list the overlay exemptions")
    parser.add_argument("--root", type=Path, help="check another checkout (a scratch copy)")
    parser.add_argument("--stubs", type=Path, help="the stand-ins' folder")
    parser.add_argument("--sources", type=Path, nargs="*",
                        help="folders whose SDK-protocol extensions are checked")
    parser.add_argument("--deployment-target",
                        help="instead of Package.swift's and project.yml's (e.g. 26.0)")
    arguments = parser.parse_args()
    if arguments.root:
        set_root(arguments.root)
    stubs = arguments.stubs or STUBS
    sources = arguments.sources or SOURCES
    facts = Facts.load()
    modules_ = modules(version(arguments.deployment_target))
    lowest = min(module.target for module in modules_)
    highest = max(module.target for module in modules_)
    report = Report()
    parsed = []
    for framework in CHECKED:
        folder = stubs / framework
        files = sorted(folder.glob("*.swift"))
        if not files:
            report.errors.append(f"{folder}: no stand-in source (expected {framework}.swift)")
        parsed += [parse_stub_file(path) for path in files]
    stub_types = {declared.name: declared for types, _, _ in parsed for declared in types}
    for declared in stub_types.values():
        # A type bound by `// sel:` (a Swift nesting such as CPPlaybackConfiguration.Presentation
        # of the Objective-C CPPlaybackPresentation) is known by its Swift spelling from now on.
        if "sel" in declared.markers and declared.markers["sel"] in facts.types:
            facts.by_swift[declared.name] = declared.markers["sel"]
    for types, globals_, extensions in parsed:
        for declared in types:
            # Deprecation warns from the highest target on; introduction matters below the lowest.
            check_type(report, facts, declared, extensions, (lowest, highest), stub_types)
        check_globals(report, facts, globals_, lowest)
    check_conformances(report, facts, sources)
    check_conditional_conformances(report, facts, stub_types, modules_)
    ambiguous = check_availability(report, facts, modules_)
    for error in report.errors:
        print(error)
    for name in report.unverified:
        print(f"unverified Swift name (only Xcode can confirm it): {name}")
    if arguments.verbose:
        for overlay in report.overlays:
            print(f"overlay (not in the facts): {overlay}")
    status = "FAILED" if report.errors else "ok"
    targets = ", ".join(f"{m.name} iOS {shown_version(m.target)} ({m.source})" for m in modules_)
    print(f"SDK facts check {status}: {report.checked} declarations compared with "
          f"{FACTS.relative_to(ROOT)} (deployment targets: {targets}), "
          f"{len(report.overlays)} Swift-overlay or unchecked declarations exempt, "
          f"{len(report.unparsed)} declarations that could not be parsed, "
          f"{len(report.unverified)} derived Swift names not confirmed, "
          f"{ambiguous} newer members not told apart from older ones by name, "
          f"{len(report.errors)} problems")
    return 1 if report.errors else 0


if __name__ == "__main__":
    sys.exit(main())
