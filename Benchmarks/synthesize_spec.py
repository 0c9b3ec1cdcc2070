#!/usr/bin/env python3
"""Writes a realistic Specgen spec of N endpoints and about N models to stdout.

Each resource gets a model with scalars, optionals, an enum, a nested model, an array and a map, a create
request model, and five CRUD endpoints (list with page/limit/query filters, get, create, update, delete), each
with two or three error responses. Usage: synthesize_spec.py N [--name API]
"""
import argparse


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("endpoints", type=int)
    parser.add_argument("--name", default="Synthetic")
    args = parser.parse_args()
    resources = max(1, args.endpoints // 5)
    out = [
        "specgen: 1",
        f"name: {args.name}",
        "version: 1.0.0",
        f"description: A synthetic API with {resources * 5} endpoints for benchmarks.",
        "servers:",
        "  production: https://api.example.com/v1",
        "auth:",
        "  bearer: {type: bearer}",
        "security: bearer",
        "errors:",
        "  401: {case: unauthorized, body: Problem}",
        "  5XX: {case: serverError, body: Problem}",
        "models:",
        "  Problem:",
        "    properties:",
        "      message: string",
        "      code: int?",
        "  Status:",
        "    enum: [active, paused, archived]",
    ]
    for index in range(resources):
        name = f"Resource{index}"
        out += [
            f"  {name}ID: string",
            f"  {name}Detail:",
            "    properties:",
            "      label: string",
            "      weight: double?",
            "      tags: \"[string]\"",
            f"  {name}:",
            f"    description: Resource number {index}.",
            "    properties:",
            f"      id: {name}ID",
            "      name: {type: string, minLength: 1, maxLength: 200}",
            "      status: Status",
            "      count: int",
            "      total: int64?",
            "      ratio: double?",
            "      enabled: bool",
            "      created_at: datetime",
            "      owner: uuid?",
            "      homepage: url?",
            f"      detail: {name}Detail",
            f"      children: \"[{name}Detail]\"",
            "      labels: {string: string}",
            f"  Create{name}:",
            "    properties:",
            "      name: {type: string, minLength: 1}",
            "      status: Status",
            f"      detail: {name}Detail?",
        ]
    out.append("endpoints:")
    for index in range(resources):
        name = f"Resource{index}"
        path = f"/resources{index}"
        out += [
            f"  list{name}s:",
            f"    request: GET {path}",
            "    query:",
            "      page: {type: int, default: 1}",
            "      limit: {type: int, default: 20, maximum: 100}",
            "      status: Status?",
            f"    response: \"[{name}]\"",
            f"  get{name}:",
            f"    request: GET {path}/{{id}}",
            "    path:",
            f"      id: {name}ID",
            f"    response: {name}",
            "    errors:",
            "      404: {case: notFound, body: Problem}",
            f"  create{name}:",
            f"    request: POST {path}",
            f"    body: Create{name}",
            "    response:",
            f"      201: {name}",
            "    errors:",
            "      400: {case: invalid, body: Problem}",
            "      409: {case: conflict, body: Problem}",
            f"  update{name}:",
            f"    request: PUT {path}/{{id}}",
            "    path:",
            f"      id: {name}ID",
            f"    body: Create{name}",
            f"    response: {name}",
            "    errors:",
            "      404: {case: notFound, body: Problem}",
            "      400: {case: invalid, body: Problem}",
            f"  delete{name}:",
            f"    request: DELETE {path}/{{id}}",
            "    path:",
            f"      id: {name}ID",
            "    response: empty",
            "    errors:",
            "      404: {case: notFound, body: Problem}",
        ]
    print("\n".join(out))


if __name__ == "__main__":
    main()
